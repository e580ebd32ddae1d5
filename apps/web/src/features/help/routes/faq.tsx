import { useTranslation } from 'react-i18next';
import { HelpContact } from '../components/help-contact.tsx';
import { HelpLayout, useHelpContent } from '../components/help-layout.tsx';
import '../../../locales/help/index.ts';

/** /help/faq: the student FAQ, the default target of the footer's FAQ link. */
export default function FaqRoute() {
  const { t } = useTranslation();
  const { faq } = useHelpContent();
  return (
    <HelpLayout
      title={t('titles.helpFaq')}
      intro={<p>{faq.intro}</p>}
      toc={[
        ...faq.sections.map((s) => ({ id: s.id, title: s.title })),
        { id: 'contact', title: t('help.contact.title') },
      ]}
    >
      {faq.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="ls-help-section"
          aria-labelledby={`${section.id}-title`}
        >
          <h2 id={`${section.id}-title`}>{section.title}</h2>
          {section.questions.map((q) => (
            <div key={q.id} className="ls-help-qa">
              <h3 id={q.id}>{q.question}</h3>
              {q.answer.map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          ))}
        </section>
      ))}
      <HelpContact />
    </HelpLayout>
  );
}
