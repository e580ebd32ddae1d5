import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { runOps, toolHelp } from './run.ts';

/**
 * `npm run ops -- <command> [options]`: the school staff's tool (docs/operations.md). Opens the
 * configured database (DATABASE_URL, or SQLite at DATA_DIR/app.db; shared with a running server),
 * brings its schema up to date as the server does, runs one command and exits with its code.
 */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h'))) {
    process.stdout.write(`${toolHelp()}\n`);
    return 0;
  }
  const config = loadConfig(process.env);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    const outcome = await runOps(
      { db: database.db, dialect: database.dialect, clock: systemClock, config },
      argv,
      { USER: process.env.USER },
    );
    if (outcome.stdout) process.stdout.write(`${outcome.stdout}\n`);
    if (outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
    return outcome.code;
  } finally {
    await database.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ops: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
