import { PrinterOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Progress, ProgressComment } from '@app/contract/progress';
import { PROGRESS_STREAK_MAX_WEEKS } from '@app/contract/progress-dates';
import { DateTime } from '../../../components/date-time.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { SubNav } from '../../../components/sub-nav.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { formatDayRange } from '../../../lib/time/calendar-days.ts';
import { useProgress } from '../api/get-progress.ts';
import { SkillLines } from '../components/skill-lines.tsx';
import { WeekBars } from '../components/week-bars.tsx';
import { isPeriod, periodDates, PERIODS, type Period } from '../lib/periods.ts';
import '../../../locales/learning/index.ts';
import '../components/progress.css';

/** Comments shown on screen; the printed report holds every one of the period. */
const COMMENTS_ON_SCREEN = 5;

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div className="ls-pg-figure" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="ls-pg-figure-value">{value}</span>
        {detail && <span className="ls-muted ls-small ls-pg-figure-detail">{detail}</span>}
      </dd>
    </div>
  );
}

function Summary({ summary }: { summary: Progress['summary'] }) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const rate =
    summary.attendance_rate === null
      ? t('learning.rateNone')
      : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
          summary.attendance_rate,
        );
  const apart = [
    t('learning.absent', { count: summary.absent }),
    t('learning.lateCancelled', { count: summary.late_cancelled }),
  ].join(' · ');
  return (
    <section className="ls-pg-section" aria-labelledby="pg-summary">
      <h2 id="pg-summary">{t('learning.summaryTitle')}</h2>
      <dl className="ls-pg-figures">
        <Figure testId="progress-attended" label={t('learning.attended')} value={number(summary.attended)} />
        <Figure testId="progress-minutes" label={t('learning.minutes')} value={number(summary.minutes)} />
        <Figure testId="progress-teachers" label={t('learning.teachers')} value={number(summary.teachers)} />
        <Figure
          testId="progress-rate"
          label={t('learning.rate')}
          value={rate}
          detail={`${t('learning.rateDetail', { attended: summary.attended, booked: summary.booked })} · ${apart}`}
        />
        <Figure
          testId="progress-streak"
          label={t('learning.streak')}
          value={
            summary.streak_weeks >= PROGRESS_STREAK_MAX_WEEKS
              ? t('learning.streakWeeksMax', { count: PROGRESS_STREAK_MAX_WEEKS })
              : t('learning.streakWeeks', { count: summary.streak_weeks })
          }
          detail={t('learning.streakHint')}
        />
      </dl>
    </section>
  );
}

function ReportBlock({ report, testId }: { report: ProgressComment; testId: string }) {
  const { t } = useTranslation();
  return (
    <article className="ls-pg-report" data-testid={testId}>
      <p className="ls-pg-report-head">
        <strong>{report.teacher.name}</strong> <DateTime value={report.course_start} style="date" />
      </p>
      <h3>{t('learning.comment')}</h3>
      <p className="ls-pg-text">{report.comment}</p>
      <h3>{t('learning.homework')}</h3>
      <p className="ls-pg-text">{report.homework || t('learning.noHomework')}</p>
      <p className="ls-pg-noprint">
        <Link className="ls-btn" to={`/course/feedback/view/${report.course_id}/${report.report_id}`}>
          {t('learning.openReport')}
        </Link>
      </p>
    </article>
  );
}

function Figures({ data }: { data: Progress }) {
  const { t } = useTranslation();
  return (
    <>
      <Summary summary={data.summary} />

      <div className="ls-pg-charts">
        <section className="ls-pg-section" aria-labelledby="pg-weeks">
          <h2 id="pg-weeks">{t('learning.weeksTitle')}</h2>
          {data.summary.attended === 0 && <p className="ls-muted">{t('learning.weeksEmpty')}</p>}
          <WeekBars weeks={data.weeks} />
        </section>

        <section className="ls-pg-section" aria-labelledby="pg-skills">
          <h2 id="pg-skills">{t('learning.skillsTitle')}</h2>
          {data.skills.length === 0 ? (
            <p className="ls-muted">{t('learning.skillsEmpty')}</p>
          ) : (
            <SkillLines skills={data.skills} from={data.from} to={data.to} />
          )}
        </section>
      </div>

      {data.latest_report && (
        <section className="ls-pg-section ls-pg-noprint" aria-labelledby="pg-latest">
          <h2 id="pg-latest">{t('learning.latestTitle')}</h2>
          <ReportBlock report={data.latest_report} testId="progress-latest" />
        </section>
      )}

      {data.comments.length > 0 && (
        <section className="ls-pg-section" aria-labelledby="pg-comments">
          <h2 id="pg-comments">{t('learning.commentsTitle')}</h2>
          <ul className="ls-pg-comments">
            {data.comments.map((c, i) => (
              <li key={c.report_id} className={i >= COMMENTS_ON_SCREEN ? 'ls-pg-print-only' : undefined}>
                <p className="ls-pg-report-head">
                  <strong>{c.teacher.name}</strong> <DateTime value={c.course_start} style="date" />
                </p>
                <p className="ls-pg-text">{c.comment}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * /user/progress (issue 37): the student's progress over a period (this month by default; the
 * last 30 days, this term, all time) from GET /user/getProgress: the summary, classes per week and
 * the per-skill scores as inline SVG charts with tables for screen readers, the latest comment and
 * homework, and a printable report (A4, progress.css). Plain markup, no antd.
 */
export default function ProgressRoute() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const [search] = useSearchParams();
  const asked = search.get('period');
  const period: Period = isPeriod(asked) ? asked : 'month';
  const { from, to } = periodDates(period, Date.now());
  const progress = useProgress(from, to);
  const data = progress.data;

  return (
    <div className="ls-pg" data-testid="progress-page">
      <div className="ls-pg-head">
        <div>
          <h1>
            {t('titles.userProgress')}
            <span className="ls-pg-print-only"> · {t('learning.printTitle')}</span>
          </h1>
          <p className="ls-muted ls-pg-noprint">{t('learning.intro')}</p>
        </div>
        {data?.has_history && (
          <button
            type="button"
            className="ls-btn ls-pg-noprint"
            data-testid="progress-print"
            onClick={() => window.print()}
          >
            <PrinterOutlined aria-hidden="true" /> {t('learning.print')}
          </button>
        )}
      </div>

      <div className="ls-pg-noprint">
        <SubNav
          label={t('learning.periodLabel')}
          links={PERIODS.map((p) => ({
            to: p === 'month' ? '/user/progress' : `/user/progress?period=${p}`,
            label: t(`learning.periods.${p}`),
            current: p === period,
          }))}
        />
      </div>
      <p className="ls-muted ls-small" data-testid="progress-range">
        {t('learning.range', { range: formatDayRange(from, to, lang) })}
        {period === 'all' && <> {t('learning.allTimeNote')}</>}
      </p>

      {progress.isPending ? (
        <ListSkeleton count={1} rows={8} label={t('learning.loading')} testIdPrefix="progress" />
      ) : progress.isError ? (
        <ListError testIdPrefix="progress" onRetry={() => void progress.refetch()} />
      ) : !data!.has_history ? (
        <ListEmpty testIdPrefix="progress" description={t('learning.emptyTitle')}>
          <p className="ls-muted">{t('learning.emptyText')}</p>
          <Link className="ls-btn ls-btn-primary" to="/#teachers-title">
            {t('learning.bookFirst')}
          </Link>
        </ListEmpty>
      ) : (
        <Figures data={data!} />
      )}
    </div>
  );
}
