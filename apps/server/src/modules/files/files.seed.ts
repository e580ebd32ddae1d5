import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_PACKAGE_DIR } from '../../config.ts';
import { appSettingRepository } from '../../db/app-setting.repository.ts';
import type { SeedRun } from '../../db/seed/seed-run.ts';
import { docxDocument, pdfDocument, pngPicture, pptxDeck, wavTone, xlsxWorkbook } from './demo-files.ts';

/** app_setting marker: the demo student's courseware is seeded (once per database). */
export const DEMO_FILES_SETTING = 'demo_files_seeded';

/** The demo video: a clip the web app ships (apps/web/public/media), when present. */
const DEMO_VIDEO = path.resolve(SERVER_PACKAGE_DIR, '../web/public/media/intros/emily-carter.mp4');

/**
 * The demo student's courseware (DESIGN.md §10): folders and files of every kind (audio, video,
 * image, Word, Excel, slide deck, PDF, other), all generated and valid, written through the file
 * store like a teacher's upload; the newest two past classes get theirs attached (the class page
 * shows them). Once per database (a marker in app_setting, taken first so racing instances seed
 * once). The video is the web app's intro clip; without it (a server shipped alone) there is none.
 */
export async function seedDemoFiles(
  { db, services, clock }: SeedRun,
  studentId: number,
  now: number,
): Promise<boolean> {
  if (!(await appSettingRepository.insertIfAbsent(db, DEMO_FILES_SETTING, String(now), now))) return false;
  clock.set(now);
  const { files } = services;
  // The newest past classes that were held (the courses seed ran before).
  const past = await db
    .selectFrom('course')
    .select('id')
    .where('student_id', '=', studentId)
    .where('end_at', '<', now)
    .where('status', 'not in', [-100, -200])
    .orderBy('start_at', 'desc')
    .limit(2)
    .execute();
  const [lastClass, earlierClass] = past.map((c) => c.id);

  const unit1 = await files.createFolder(studentId, { name: 'Unit 1 · Greetings' });
  const audio = await files.createFolder(studentId, { parentId: unit1, name: 'Audio' });
  const unit2 = await files.createFolder(studentId, { name: 'Unit 2 · Food and drink' });
  await files.createFolder(studentId, { name: '作业 Homework' });

  const add = (name: string, bytes: Buffer, parentId = 0, courseId: number | null = null) =>
    files.addFile(studentId, { parentId, name, bytes, courseId });

  await add('hello-song.wav', wavTone(2, 440), audio);
  await add('dialogue-1.wav', wavTone(1.5, 330), audio);
  await add(
    'greetings-worksheet.pdf',
    pdfDocument('Unit 1: Greetings', [
      '1. Hello! My name is ____.',
      '2. Nice to meet you, ____.',
      '3. How are you today? I am ____.',
      '4. Goodbye! See you ____.',
    ]),
    unit1,
    earlierClass ?? null,
  );
  await add(
    'greetings-slides.pptx',
    await pptxDeck([
      ['Hello!', 'Say hello and your name.'],
      ['How are you?', "I'm fine, thank you. And you?"],
      ['Goodbye!', 'See you next time.'],
    ]),
    unit1,
    earlierClass ?? null,
  );
  await add(
    'menu-vocabulary.docx',
    await docxDocument('Menu vocabulary 菜单词汇', [
      'noodles 面条 · dumplings 饺子 · rice 米饭',
      'Could I have the noodles, please?',
      'How much is it? It is twelve yuan.',
    ]),
    unit2,
    lastClass ?? null,
  );
  await add(
    'price-list.xlsx',
    await xlsxWorkbook('Prices', [
      ['Item', 'Price (yuan)'],
      ['Noodles', 12],
      ['Dumplings', 15],
      ['Orange juice', 8],
    ]),
    unit2,
  );
  await add('cafe-scene.png', pngPicture(96), unit2, lastClass ?? null);
  if (existsSync(DEMO_VIDEO)) await add('ordering-food.mp4', readFileSync(DEMO_VIDEO), unit2);
  await add(
    '学习计划.xlsx',
    await xlsxWorkbook('Plan', [
      ['Week', 'Topic'],
      [1, 'Greetings'],
      [2, 'Food and drink'],
    ]),
  );
  await add('welcome.png', pngPicture(64));
  await add(
    'reading-tips.txt',
    Buffer.from('Read aloud for ten minutes every day.\n每天大声朗读十分钟。\n', 'utf8'),
  );
  return true;
}
