import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FAVOURITES_PAGE_SIZE } from '@app/contract/constants';
import { ListEmpty } from '../../../components/list-states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { usePageParam } from '../../../lib/paging/use-page-param.ts';
import { useLikeTeacherList } from '../../../features/teachers/api/get-like-teacher-list.ts';
import { CardsSkeleton } from '../../../features/teachers/components/cards-skeleton.tsx';
import { TeacherCard } from '../../../features/teachers/components/teacher-card.tsx';
import { TeacherDrawer } from '../../../features/teachers/components/teacher-drawer.tsx';
import '../../../features/teachers/components/teachers.css';

/**
 * /user/like-teachers: favourite teachers, paged (SPEC.md §7, §9); unliking removes a card, and
 * unliking the last card of a later page steps back to the new last page (PagedList). A user-centre
 * page built from the teachers feature, so it is composed here.
 */
export default function LikeTeachersRoute() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useLikeTeacherList(page, FAVOURITES_PAGE_SIZE);

  return (
    <div className="ls-t-like-page">
      <h1>{t('titles.userLikeTeachers')}</h1>
      <PagedList
        query={list}
        page={page}
        onPageChange={setPage}
        className="ls-t-grid"
        testId="teacher-list"
        testIdPrefix="teachers"
        skeleton={<CardsSkeleton count={4} />}
        errorTitle={t('teachers.errorTitle')}
        empty={
          <ListEmpty testIdPrefix="teachers" description={t('teachers.noFavourites')}>
            <Link to="/#teachers-title" className="ls-link-btn" data-testid="favourites-discover">
              {t('teachers.discover')}
            </Link>
          </ListEmpty>
        }
        summary={(data) => (
          <p className="ls-muted ls-small" aria-live="polite" style={{ margin: 0 }}>
            {t('teachers.resultCount', { count: data.total })}
          </p>
        )}
        renderItem={(teacher) => <TeacherCard key={teacher.id} teacher={teacher} />}
      />
      <TeacherDrawer />
    </div>
  );
}
