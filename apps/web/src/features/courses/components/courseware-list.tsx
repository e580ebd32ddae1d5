import { useTranslation } from 'react-i18next';
import { DownloadOutlined, FileOutlined, LoadingOutlined } from '@ant-design/icons';
import type { FileItem } from '@app/contract/files';
import { useCoursewareDownload } from '../api/get-courseware-url.ts';
import '../../../locales/courses/index.ts';

/** The class's courseware (files the teacher attached), each downloadable through a signed link. */
export function CoursewareList({ files }: { files: readonly FileItem[] }) {
  const { t } = useTranslation();
  const download = useCoursewareDownload();
  if (files.length === 0) return null;
  const busy = (id: number) => download.isPending && download.variables === id;
  return (
    <section className="ls-c-card" aria-labelledby="course-courseware-title" data-testid="course-courseware">
      <h2 id="course-courseware-title">{t('courses.view.courseware')}</h2>
      <ul className="ls-c-files">
        {files.map((file) => (
          <li key={file.id}>
            <FileOutlined aria-hidden="true" />
            <span className="ls-c-file-name">{file.name}</span>
            <button
              type="button"
              className="ls-btn ls-btn-circle"
              disabled={busy(file.id)}
              aria-busy={busy(file.id)}
              aria-label={t('courses.view.coursewareDownload', { name: file.name })}
              onClick={() => {
                download.mutate(file.id, {
                  onSuccess: (link) => window.location.assign(link.url),
                });
              }}
            >
              {busy(file.id) ? (
                <LoadingOutlined aria-hidden="true" />
              ) : (
                <DownloadOutlined aria-hidden="true" />
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
