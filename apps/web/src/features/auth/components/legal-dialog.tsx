import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrandTitle } from '../../../lib/app-config/use-brand-title.ts';

export type LegalDoc = 'privacy' | 'terms';

/** Section ids of each document; their texts live in the locales under legal.<doc>.<id>Title/Body. */
const SECTIONS: Record<LegalDoc, readonly string[]> = {
  privacy: ['collect', 'purpose', 'storage', 'sharing', 'rights', 'minors', 'contact'],
  terms: ['account', 'booking', 'coins', 'payments', 'conduct', 'changes'],
};

type LegalDialogProps = { doc: LegalDoc | null; onClose: () => void };

/** Privacy policy and service agreement, in dialogs (SPEC.md §2 has no routes for them, DESIGN.md §8). */
export function LegalDialog({ doc, onClose }: LegalDialogProps) {
  const { t } = useTranslation();
  const brand = useBrandTitle();
  const shown = doc ?? 'privacy';
  return (
    <Modal
      open={doc !== null}
      onCancel={onClose}
      title={t(`legal.${shown}.title`)}
      width={640}
      centered
      footer={
        <Button type="primary" onClick={onClose}>
          {t('legal.close')}
        </Button>
      }
    >
      <div className="ls-legal" tabIndex={0} data-testid={`legal-${shown}`}>
        <p>{t(`legal.${shown}.intro`, { brand })}</p>
        {SECTIONS[shown].map((id) => (
          <section key={id}>
            <h3>{t(`legal.${shown}.${id}Title`)}</h3>
            {t(`legal.${shown}.${id}Body`)
              .split('\n')
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </section>
        ))}
      </div>
    </Modal>
  );
}
