import type { IeltsPart } from '@app/contract/ielts';

export type TimuTarget = {
  topicId: number;
  bankId: number;
  part: IeltsPart;
  questionId: number;
  topicTitle: string;
  questionTitle: string;
};

/**
 * The TiMu route of SPEC.md §2: /ielts/SpeakingSamples/view/{id}/TiMu/{bid}/{iqs_id}/{question_type}/
 * {question_id}/{iqs_title}/{title}. `id` and `iqs_id` are both the topic; titles are encoded with
 * encodeURIComponent, so `% / # ?` survive (DESIGN.md §8).
 */
export function timuPath(t: TimuTarget): string {
  return [
    '/ielts/SpeakingSamples/view',
    t.topicId,
    'TiMu',
    t.bankId,
    t.topicId,
    t.part,
    t.questionId,
    encodeURIComponent(t.topicTitle),
    encodeURIComponent(t.questionTitle),
  ].join('/');
}

export function samplePath(topicId: number, bankId?: number): string {
  return `/ielts/SpeakingSamples/view/${topicId}${bankId === undefined ? '' : `?bank=${bankId}`}`;
}

/** A positive integer route or search parameter, or undefined. */
export function parseId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}
