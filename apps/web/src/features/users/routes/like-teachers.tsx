import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pagination } from 'antd';
import { FAVOURITES_PAGE_SIZE } from '@app/contract/constants';
import { useStepBackToLastPage } from '../../../lib/paging/last-page.ts';
import { useLikeTeacherList } from '../../teachers/api/get-like-teacher-list.ts';
import { CardsSkeleton, ListEmpty, ListError } from '../../teachers/components/list-states.tsx';
import { TeacherCard } from '../../teachers/components/teacher-card.tsx';
import { TeacherDrawer } from '../../teachers/components/teacher-drawer.tsx';
import '../../teachers/components/teachers.css';

/** /user/like-teachers: favourite teachers, paged (SPEC.md §7, §9); unliking removes a card. */
export default function LikeTeachersRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
  const list = useLikeTeacherList(page, FAVOURITES_PAGE_SIZE);
  const setPage = (next: number, replace = false) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearch(params, { replace });
  };
  // Unliking the last card of a later page, or a stale ?page=, leaves it empty: go to the last page.
  useStepBackToLastPage(list.data, page, (last) => setPage(last, true));

  return (
    <div className="ls-t-like-page">
      <h1>{t('titles.userLikeTeachers')}</h1>
      {list.isPending ? (
        <CardsSkeleton count={4} />
      ) : list.isError ? (
        <ListError onRetry={() => void list.refetch()} />
      ) : list.data.records.length === 0 ? (
        <ListEmpty description={t('teachers.noFavourites')}>
          <Link to="/#teachers-title" className="ls-link-btn" data-testid="favourites-discover">
            {t('teachers.discover')}
          </Link>
        </ListEmpty>
      ) : (
        <>
          <p className="ls-muted ls-small" aria-live="polite" style={{ margin: 0 }}>
            {t('teachers.resultCount', { count: list.data.total })}
          </p>
          <div className="ls-t-grid" data-testid="teacher-list">
            {list.data.records.map((teacher) => (
              <TeacherCard key={teacher.id} teacher={teacher} />
            ))}
          </div>
          {list.data.total > FAVOURITES_PAGE_SIZE && (
            <Pagination
              align="center"
              current={list.data.current}
              pageSize={list.data.size}
              total={list.data.total}
              showSizeChanger={false}
              onChange={(next) => setPage(next)}
            />
          )}
        </>
      )}
      <TeacherDrawer />
    </div>
  );
}
