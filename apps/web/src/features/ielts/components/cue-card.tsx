import { useTranslation } from 'react-i18next';
import type { IeltsCueCard } from '@app/contract/ielts';
import '../../../locales/ielts/index.ts';

/** A Part 2 cue card as the candidate sees it, with the Chinese translation. */
export function CueCard({ card, showPrompt = true }: { card: IeltsCueCard; showPrompt?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="ls-ielts-cue" data-testid="ielts-cue-card">
      <div lang="en">
        {showPrompt && <b>{card.prompt}</b>}
        <div>{t('ielts.cueYouShouldSay')}</div>
        <ul>
          {card.bullets.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <div>{card.ending}</div>
      </div>
      <p className="ls-ielts-zh ls-small" lang="zh-Hans" style={{ margin: '8px 0 0' }}>
        {card.zh}
      </p>
    </div>
  );
}
