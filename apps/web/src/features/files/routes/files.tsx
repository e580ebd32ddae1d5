import { App, Breadcrumb, Button, Checkbox, Skeleton } from 'antd';
import { DownloadOutlined, HomeOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FILE_KINDS, TOO_MANY_FILES_KEY, type FileItem } from '@app/contract/files';
import { labelOf } from '@app/contract/enums';
import { message as contractMessage } from '@app/contract/messages';
import { DateTime } from '../../../components/date-time.tsx';
import { ListEmpty, ListError } from '../../../components/list-states.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useGetDownloadUrl } from '../api/get-download-url.ts';
import { useMyFile } from '../api/get-my-file.ts';
import { FileIcon } from '../components/file-icon.tsx';
import { formatBytes, selectAll, toggleSelection } from '../lib/selection.ts';
import '../components/files.css';
import '../../../locales/files/index.ts';

/** The folder shown, kept in the URL (`?folder=`), so Back and a reload stay in it. */
function useFolderParam(): [number, (id: number) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('folder'));
  const folder = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const go = (id: number) => setSearch(id > 0 ? { folder: String(id) } : {});
  return [folder, go];
}

/** Opens a signed link: the server answers with an attachment, so the page stays where it is. */
function startDownload(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * /user/files: the courseware the student's teachers shared. Folders open in place with breadcrumbs;
 * up to 20 files or folders download together (one as itself, more as a zip).
 */
export default function FilesRoute() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { message } = App.useApp();
  const [folder, goFolder] = useFolderParam();
  const list = useMyFile(folder);
  const download = useGetDownloadUrl();
  // The selection belongs to the folder on screen: opening another starts afresh.
  const [selection, setSelection] = useState<{ folder: number; ids: number[] }>({ folder, ids: [] });
  const selected = selection.folder === folder ? selection.ids : [];

  const tooMany = () => void message.warning(contractMessage(TOO_MANY_FILES_KEY, lang));
  const apply = ({ next, refused }: { next: number[]; refused: boolean }) => {
    setSelection({ folder, ids: next });
    if (refused) tooMany();
  };

  const onDownload = (ids: number[]) => {
    download.mutate(ids, {
      onSuccess: (link) => startDownload(link.url, link.file_name),
    });
  };

  const records = list.data?.file_pid === folder ? list.data.records : [];
  const crumbs = list.data?.file_pid === folder ? list.data.breadcrumbs : [];
  const allIds = records.map((r) => r.id);
  const allChosen = allIds.length > 0 && allIds.every((id) => selected.includes(id));

  const row = (item: FileItem) => {
    const checked = selected.includes(item.id);
    const kind = labelOf(FILE_KINDS, item.kind, lang);
    return (
      <li key={item.id} className={`ls-f-row${checked ? ' is-selected' : ''}`} data-testid="file-row">
        <Checkbox
          checked={checked}
          onChange={() => apply(toggleSelection(selected, item.id))}
          aria-label={t('files.select', { name: item.name })}
          data-testid="file-check"
        />
        <FileIcon kind={item.kind} />
        <div className="ls-f-name">
          {item.is_folder ? (
            <button type="button" onClick={() => goFolder(item.id)} data-testid="folder-open">
              {item.name}
            </button>
          ) : (
            <span>{item.name}</span>
          )}
          <span className="ls-f-meta">
            {kind}
            {!item.is_folder && ` · ${formatBytes(item.size_bytes)}`}
            {' · '}
            <DateTime value={item.created_at} style="date" />
          </span>
        </div>
        <Button
          type="text"
          icon={<DownloadOutlined />}
          aria-label={t('files.downloadOne', { name: item.name })}
          onClick={() => onDownload([item.id])}
          disabled={download.isPending}
          data-testid="file-download"
        />
      </li>
    );
  };

  return (
    <div data-testid="files-page">
      <h1>{t('titles.userFiles')}</h1>
      <nav aria-label={t('files.breadcrumbs')}>
        <Breadcrumb
          data-testid="files-breadcrumbs"
          items={[
            {
              title: (
                <a
                  href="?"
                  onClick={(e) => {
                    e.preventDefault();
                    goFolder(0);
                  }}
                  aria-current={folder === 0 ? 'page' : undefined}
                >
                  <HomeOutlined aria-hidden="true" /> {t('files.root')}
                </a>
              ),
            },
            ...crumbs.map((c, i) => ({
              title:
                i === crumbs.length - 1 ? (
                  <span aria-current="page">{c.name}</span>
                ) : (
                  <a
                    href={`?folder=${c.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      goFolder(c.id);
                    }}
                  >
                    {c.name}
                  </a>
                ),
            })),
          ]}
        />
      </nav>

      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ListError testIdPrefix="files" onRetry={() => void list.refetch()} />
      ) : records.length === 0 && !list.isPlaceholderData ? (
        <ListEmpty testIdPrefix="files" description={t(folder === 0 ? 'files.empty' : 'files.emptyFolder')} />
      ) : (
        <>
          <div className="ls-f-toolbar">
            <Checkbox
              checked={allChosen}
              indeterminate={selected.length > 0 && !allChosen}
              onChange={() => apply(allChosen ? { next: [], refused: false } : selectAll(allIds))}
              data-testid="files-select-all"
            >
              {t('files.selectAll')}
            </Checkbox>
            <span className="ls-muted ls-small" aria-live="polite" data-testid="files-selected">
              {t('files.selected', { count: selected.length })}
            </span>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={selected.length === 0}
              loading={download.isPending}
              onClick={() => onDownload(selected)}
              data-testid="files-download"
            >
              {selected.length > 1 ? t('files.downloadZip') : t('files.download')}
            </Button>
          </div>
          <ul className="ls-f-list" aria-busy={list.isPlaceholderData} data-testid="file-list">
            {records.map(row)}
          </ul>
        </>
      )}
    </div>
  );
}
