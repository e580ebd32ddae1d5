import {
  AudioOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { FileKind } from '@app/contract/files';

const ICONS: Record<FileKind, ReactNode> = {
  folder: <FolderFilled />,
  audio: <AudioOutlined />,
  video: <VideoCameraOutlined />,
  image: <FileImageOutlined />,
  word: <FileWordOutlined />,
  excel: <FileExcelOutlined />,
  ppt: <FilePptOutlined />,
  pdf: <FilePdfOutlined />,
  other: <FileOutlined />,
};

/** The icon of a courseware kind (SPEC.md §1), tinted per kind; decorative (the kind is also text). */
export function FileIcon({ kind }: { kind: FileKind }) {
  return (
    <span className={`ls-f-icon ls-f-icon-${kind}`} aria-hidden="true" data-kind={kind}>
      {ICONS[kind]}
    </span>
  );
}
