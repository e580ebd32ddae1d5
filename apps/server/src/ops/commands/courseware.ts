import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defineCommand, OpsRefusal } from '../command.ts';
import { opsRepository } from '../ops.repository.ts';
import { id, studentOf, studentRef } from './fields.ts';

/** Files copied by one command at most (a teacher's term of materials stays far below). */
const MAX_FILES = 1000;
const NAME_MAX = 200;

type PlannedFile = { dir: string[]; name: string; source: string; size: number };
type Plan = { files: PlannedFile[]; folders: string[][]; skipped: string[] };

const folderPath = z
  .string()
  .transform((v) =>
    v
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((segments) => segments.length > 0 && segments.length <= 8, 'folder is 1 to 8 names separated by /')
  .refine(
    (segments) => segments.every((s) => s.length <= NAME_MAX && s !== '.' && s !== '..'),
    `each folder name is at most ${NAME_MAX} characters, not . or ..`,
  );

/** What `--path` names: one file, or a directory copied with its sub-directories (hidden entries and links skipped). */
function planOf(source: string, rename: string | undefined): Plan {
  const plan: Plan = { files: [], folders: [], skipped: [] };
  let stat: fs.Stats;
  try {
    stat = fs.statSync(source);
  } catch {
    throw new OpsRefusal(`${source} does not exist or cannot be read`);
  }
  if (stat.isFile()) {
    plan.files.push({ dir: [], name: rename ?? path.basename(source), source, size: stat.size });
    return plan;
  }
  if (!stat.isDirectory()) throw new OpsRefusal(`${source} is neither a file nor a directory`);
  if (rename !== undefined) throw new OpsRefusal('--name renames a single file, not a directory');
  const walk = (dir: string, rel: string[]) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('.') || entry.isSymbolicLink()) plan.skipped.push(full);
      else if (entry.isDirectory()) {
        plan.folders.push([...rel, entry.name]);
        walk(full, [...rel, entry.name]);
      } else if (entry.isFile()) {
        if (entry.name.length > NAME_MAX)
          throw new OpsRefusal(`${full}: the name is over ${NAME_MAX} characters`);
        plan.files.push({ dir: rel, name: entry.name, source: full, size: fs.statSync(full).size });
        if (plan.files.length > MAX_FILES)
          throw new OpsRefusal(`${source} holds more than ${MAX_FILES} files`);
      } else plan.skipped.push(full);
    }
  };
  walk(source, []);
  return plan;
}

export const coursewareAdd = defineCommand({
  name: 'courseware add',
  summary:
    'Give a student courseware (My courseware): folders, and a local file or directory copied into the file store, optionally attached to a class',
  options: {
    student: 'student id or mobile number',
    folder:
      'folder path under the student\'s root, e.g. "Unit 1/Reading" (created when missing, reused when there)',
    parent: 'put it under this folder id of the student instead of the root',
    path: 'a local file, or a directory (copied with its sub-directories)',
    name: 'the name the student sees (a single file only; default: the file name)',
    class: 'attach the files to this class of the student (shown on the class page)',
  },
  example: 'courseware add --student 13800000000 --folder "IELTS/Unit 3" --path ./unit3 --class 120',
  schema: z
    .object({
      student: studentRef,
      folder: folderPath.optional(),
      parent: id('parent').optional(),
      path: z
        .string()
        .trim()
        .min(1, 'path is empty')
        .transform((v) => path.resolve(v))
        .optional(),
      name: z
        .string()
        .trim()
        .min(1, 'name is empty')
        .max(NAME_MAX, `name is at most ${NAME_MAX} characters`)
        .optional(),
      class: id('class').optional(),
    })
    .refine((v) => v.path !== undefined || v.folder !== undefined, {
      path: ['path'],
      message: 'give --path (a file or directory) and/or --folder',
    })
    .refine((v) => v.name === undefined || v.path !== undefined, {
      path: ['name'],
      message: '--name needs --path',
    })
    .refine((v) => v.class === undefined || v.path !== undefined, {
      path: ['class'],
      message: '--class attaches files: it needs --path',
    }),
  async prepare(_deps, input): Promise<Plan> {
    return input.path === undefined
      ? { files: [], folders: [], skipped: [] }
      : planOf(input.path, input.name);
  },
  async run({ db, services: { files }, onRollback }, input, plan) {
    const student = await studentOf(db, input.student);
    if (input.class !== undefined) {
      const course = await opsRepository.findCourse(db, input.class);
      if (!course || course.student_id !== student.id) {
        throw new OpsRefusal(`class ${input.class} is not a class of student ${student.id}`);
      }
    }
    const target = await files.ensureFolderPath(student.id, input.parent ?? 0, input.folder ?? []);
    if (!target) throw new OpsRefusal(`folder ${input.parent} is not a folder of student ${student.id}`);
    const createdFolders = [...target.created];
    const folderIds = new Map<string, number>([['', target.folderId]]);
    for (const segments of plan.folders) {
      const made = await files.ensureFolderPath(student.id, target.folderId, segments);
      folderIds.set(segments.join('/'), made!.folderId);
      createdFolders.push(...made!.created);
    }
    const added: { id: number; name: string; kind: string; size: number; folder_id: number }[] = [];
    for (const file of plan.files) {
      const parentId = folderIds.get(file.dir.join('/')) ?? target.folderId;
      const stored = await files.storeFile(student.id, {
        parentId,
        name: file.name,
        body: fs.createReadStream(file.source),
        courseId: input.class ?? null,
      });
      onRollback(() => files.discardStored(stored.key));
      added.push({
        id: stored.id,
        name: file.name,
        kind: stored.kind,
        size: stored.size,
        folder_id: parentId,
      });
    }
    const lines = [
      `student ${student.id}: folder ${target.folderId}${createdFolders.length > 0 ? ` (${createdFolders.length} folder(s) created)` : ''}`,
      ...added.map(
        (f) =>
          `  file ${f.id}: ${f.name} (${f.kind}, ${f.size} bytes)${input.class ? `, class ${input.class}` : ''}`,
      ),
      ...plan.skipped.map((s) => `  skipped (hidden or not a regular file): ${s}`),
      `${added.length} file(s) added`,
    ];
    return {
      before: null,
      after: {
        student_id: student.id,
        folder_id: target.folderId,
        created_folders: createdFolders,
        files: added,
        class_id: input.class ?? null,
      },
      output: lines.join('\n'),
    };
  },
});
