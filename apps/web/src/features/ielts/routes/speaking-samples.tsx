import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Input, Pagination, Select } from 'antd';
import { IELTS_PARTS, type IeltsPart } from '@app/contract/ielts';
import { PAGE_SIZE_DEFAULT } from '@app/contract/paging';
import { useIssueList } from '../api/get-issue-list.ts';
import { useSampleList } from '../api/get-sample-list.ts';
import {
  BandTag,
  EmptyState,
  ErrorState,
  IeltsSubnav,
  NewTag,
  PageSkeleton,
  PartTag,
  useBilingual,
} from '../components/ielts-bits.tsx';
import { isPart } from '../components/issue-bank.tsx';
import { parseId, timuPath } from '../lib/timu-path.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useStepBackToLastPage } from '../../../lib/paging/last-page.ts';
import { pageLinks, searchWithPage } from '../../../components/page-links.tsx';
import '../../../locales/ielts/index.ts';

/**
 * /ielts/SpeakingSamples: questions with sample answers. Filters and page live in the URL
 * (?part=&bank=&q=&page=), so a reload or a shared link shows the same list.
 */
export default function SpeakingSamplesRoute() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const language = useSettings((s) => s.language);
  const [search, setSearch] = useSearchParams();
  const partParam = search.get('part') ?? undefined;
  const part: IeltsPart | undefined = isPart(partParam) ? partParam : undefined;
  const bank = parseId(search.get('bank'));
  const keyword = (search.get('q') ?? '').slice(0, 100);
  const page = parseId(search.get('page')) ?? 1;
  const [draft, setDraft] = useState(keyword);
  const issues = useIssueList();
  const list = useSampleList({
    current: page,
    size: PAGE_SIZE_DEFAULT,
    ...(part ? { part } : {}),
    ...(bank ? { issue_id: bank } : {}),
    ...(keyword ? { keyword } : {}),
  });

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  }

  // A stale or shared link past the last page (?page=99) shows the last page instead.
  useStepBackToLastPage(list.data, page, (last) => {
    const next = new URLSearchParams(search);
    if (last > 1) next.set('page', String(last));
    else next.delete('page');
    setSearch(next, { replace: true });
  });

  return (
    <div className="ls-ielts">
      <IeltsSubnav />
      <h1 className="ls-ielts-title">{t('ielts.samplesTitle')}</h1>
      <div className="ls-ielts-filters" role="search">
        <Select
          aria-label={t('ielts.filterPart')}
          value={part ?? ''}
          options={[
            { value: '', label: t('ielts.allParts') },
            ...IELTS_PARTS.map((p) => ({ value: p.value, label: p.label[language] })),
          ]}
          onChange={(value: string) => update({ part: value || undefined })}
          data-testid="ielts-filter-part"
        />
        <Select
          aria-label={t('ielts.filterBank')}
          value={bank ?? issues.data?.find((i) => i.is_current)?.id}
          loading={issues.isPending}
          options={(issues.data ?? []).map((i) => ({
            value: i.id,
            label: `${pick(i.title)}${i.is_current ? ` (${t('ielts.current')})` : ''}`,
          }))}
          onChange={(value: number) =>
            update({ bank: issues.data?.find((i) => i.id === value)?.is_current ? undefined : String(value) })
          }
        />
        <Input.Search
          aria-label={t('ielts.filterKeyword')}
          placeholder={t('ielts.keywordPlaceholder')}
          allowClear
          maxLength={100}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(value) => update({ q: value.trim() || undefined })}
          enterButton={t('ielts.search')}
          data-testid="ielts-filter-keyword"
        />
      </div>
      {list.isPending ? (
        <PageSkeleton rows={4} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.records.length === 0 ? (
        <EmptyState>
          {(part || keyword || bank) && (
            <Button
              onClick={() => {
                setDraft('');
                setSearch(new URLSearchParams());
              }}
            >
              {t('ielts.clearFilters')}
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="ls-muted ls-small" style={{ margin: 0 }} aria-live="polite">
            {t('ielts.resultCount', { count: list.data.total })}
          </p>
          <ul className="ls-ielts-list" data-testid="ielts-sample-list" aria-busy={list.isFetching}>
            {list.data.records.map((r) => (
              <li key={r.question_id} className="ls-ielts-card" data-testid="ielts-sample-record">
                <div className="ls-ielts-row">
                  <PartTag part={r.part} />
                  <NewTag isNew={r.topic.is_new} />
                  <BandTag band={r.band} />
                  <span className="ls-muted ls-small">{pick(r.topic.title)}</span>
                </div>
                <h2 style={{ fontSize: '1.05rem', margin: '8px 0 2px' }}>
                  <Link
                    className="ls-ielts-link"
                    lang="en"
                    to={timuPath({
                      topicId: r.topic.id,
                      bankId: r.issue_id,
                      part: r.part,
                      questionId: r.question_id,
                      topicTitle: pick(r.topic.title),
                      questionTitle: r.text,
                    })}
                  >
                    {r.text}
                  </Link>
                </h2>
                <div className="ls-ielts-zh ls-small">{r.text_zh}</div>
                <p className="ls-small" lang="en" style={{ margin: '8px 0 0' }}>
                  {r.excerpt}
                </p>
              </li>
            ))}
          </ul>
          <Pagination
            align="center"
            current={list.data.current}
            pageSize={list.data.size}
            total={list.data.total}
            showSizeChanger={false}
            onChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
            itemRender={pageLinks((next) => searchWithPage(search, next))}
          />
        </>
      )}
    </div>
  );
}
