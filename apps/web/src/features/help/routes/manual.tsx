import { useTranslation } from 'react-i18next';
import { HelpLayout, useHelpContent } from '../components/help-layout.tsx';

/** /help/manual: the user manual, the default target of the footer's manual link. */
export default function ManualRoute() {
  const { t } = useTranslation();
  const { manual } = useHelpContent();
  return (
    <HelpLayout
      title={t('titles.helpManual')}
      intro={<p>{manual.intro}</p>}
      toc={manual.chapters.map((c) => ({ id: c.id, title: c.title }))}
    >
      {manual.chapters.map((chapter) => (
        <section
          key={chapter.id}
          id={chapter.id}
          className="ls-help-section"
          aria-labelledby={`${chapter.id}-title`}
        >
          <h2 id={`${chapter.id}-title`}>{chapter.title}</h2>
          {chapter.paragraphs.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
          {chapter.steps && (
            <ol className="ls-help-steps">
              {chapter.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </HelpLayout>
  );
}
