import { useTranslation } from 'react-i18next';
import type { IeltsSample } from '@app/contract/ielts';
import { BandTag } from './ielts-bits.tsx';
import '../../../locales/ielts/index.ts';

/** A sample answer (English) with its Chinese notes: key vocabulary, structure, band remarks. */
export function SampleAnswer({ sample, headingLevel = 3 }: { sample: IeltsSample; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <section className="ls-ielts-card" data-testid="ielts-sample">
      <div className="ls-ielts-row ls-ielts-row-between">
        <H style={{ fontSize: '1.1rem' }}>{t('ielts.sampleAnswer')}</H>
        <span className="ls-ielts-row">
          <BandTag band={sample.band} />
          <span className="ls-muted ls-small">{t('ielts.words', { count: sample.word_count })}</span>
        </span>
      </div>
      <div className="ls-ielts-answer" lang="en">
        {sample.answer.split(/\n\s*\n/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <div className="ls-ielts-notes" lang="zh-Hans">
        <div>
          <Sub>{t('ielts.vocabulary')}</Sub>
          <ul className="ls-ielts-vocab">
            {sample.notes.vocabulary.map((v) => (
              <li key={v.term}>
                <b lang="en">{v.term}</b> {v.zh}
                {v.note && <span className="ls-muted"> · {v.note}</span>}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <Sub>{t('ielts.structure')}</Sub>
          <p style={{ margin: 0 }}>{sample.notes.structure}</p>
        </div>
        <div>
          <Sub>{t('ielts.bandRemarks')}</Sub>
          <p style={{ margin: 0 }}>{sample.notes.band_remarks}</p>
        </div>
      </div>
    </section>
  );
}
