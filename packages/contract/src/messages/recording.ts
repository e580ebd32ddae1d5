import type { Bilingual } from '../i18n.ts';

/**
 * The live classroom's recording (issue 35, DESIGN.md §12 "Recording"): refusals of the teacher's
 * chunk uploads and of the playback.
 */
export const RECORDING_MESSAGES = {
  'classroom.recordingTeacherOnly': {
    'zh-Hans': '只有本节课老师的教室链接可以上传录像',
    en: "Only the teacher's link of this class can upload its recording",
  },
  'classroom.recordingClosed': {
    'zh-Hans': '本节课的录像已结束，不再接收新的片段',
    en: 'The recording of this class is closed and takes no more chunks',
  },
  'classroom.recordingBody': {
    'zh-Hans': '录像片段应为非空的 WebM 数据（video/webm）',
    en: 'A recording chunk is non-empty WebM data (video/webm)',
  },
  'classroom.recordingFull': {
    'zh-Hans': '本节课的录像已达到 {max} 的上限',
    en: 'The recording of this class has reached its limit of {max}',
  },
  'classroom.recordingLinkInvalid': {
    'zh-Hans': '回放链接无效，请从课程页面重新打开',
    en: 'This playback link is not valid; open it again from the class page',
  },
  'classroom.recordingNone': {
    'zh-Hans': '本节课没有可播放的回放',
    en: 'This class has no playback',
  },
  'classroom.recordingExpired': {
    'zh-Hans': '回放已过期（课程结束 30 天后）',
    en: 'The playback has expired (30 days after the class)',
  },
} as const satisfies Record<string, Bilingual>;
