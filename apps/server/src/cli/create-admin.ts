import { parseArgs } from 'node:util';
import { type RegisterInput, RegisterInputSchema } from '@cogni/domain';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/open-configured';
import { ConfigError, parseConfig } from '../env';
import { AppError } from '../lib/app-error';
import { createPasswordHasher } from '../lib/password';
import { askLocalServer, localAdminSocketPath } from '../services/setup/local-admin-channel';
import { type AdminOutcome, createOrPromoteAdmin } from '../services/users/create-or-promote-admin';
import { readSecret } from './read-secret';

const USAGE =
  'Usage: npm run create-admin -- --email E --first-name F --last-name L [--password P]\n' +
  'Creates an admin account, or promotes the account with that email (its password and name stay).\n' +
  'Without --password the password is read from standard input: typed at a prompt that does not\n' +
  'show it, or the first line of a pipe (printf %s\\n "$PASSWORD" | npm run create-admin -- ...).\n' +
  'A password given as --password is visible to every user of the machine in the process list.\n' +
  'While a server runs on the embedded database, the command asks that server to do it.';

/** What the CLI warns when the password comes on the command line. */
export const PASSWORD_ARGUMENT_WARNING =
  'Warning: --password is visible to other users of this machine in the process list while the command runs; leave it out to type the password at a prompt or pipe it on standard input.';

/** The CLI's output, and where a password not given as an argument comes from. */
export type CliIo = {
  log: (line: string) => void;
  error: (line: string) => void;
  /** The password when --password is not given: read from standard input by default. */
  readPassword?: () => Promise<string>;
};

/** Runs the CLI; returns the exit code. Exported for tests. */
export async function runCreateAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  out: CliIo,
): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(USAGE);
    return 0;
  }
  let password = values.password;
  if (password === undefined) {
    try {
      password = await (out.readPassword ?? (() => readSecret('Password for the admin: ')))();
    } catch (error) {
      out.error(`Could not read the password: ${(error as Error).message}`);
      return 2;
    }
  } else {
    out.error(PASSWORD_ARGUMENT_WARNING);
  }
  const parsed = RegisterInputSchema.safeParse({
    email: values.email,
    password,
    firstName: values['first-name'],
    lastName: values['last-name'],
  });
  if (!parsed.success) {
    const flag = { firstName: '--first-name', lastName: '--last-name' } as Record<string, string>;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      out.error(`${flag[key] ?? `--${key}`}: ${issue.message}`);
    }
    out.error(USAGE);
    return 2;
  }
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
  // The configured cost (the production one unless SCRYPT_LOG2_N says otherwise), at the
  // default priority (adaptive: with no trial saves in this process, the normal weight).
  const passwords = createPasswordHasher({ costLog2N: config.SCRYPT_LOG2_N });
  const report = (outcome: AdminOutcome) => {
    out.log(
      outcome === 'created'
        ? `Created admin account ${parsed.data.email}.`
        : `Promoted existing account ${parsed.data.email} to admin (password and name unchanged).`,
    );
    return 0;
  };
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    // The server holds the embedded database: ask it through its local channel instead.
    if (error instanceof DataDirInUseError && !config.DATABASE_URL) {
      return askRunningServer(config.DATA_DIR, parsed.data, error, out, report);
    }
    out.error(`Could not open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    return report(
      await createOrPromoteAdmin(
        { db: database.db, now: () => new Date(), passwords },
        parsed.data,
      ),
    );
  } catch (error) {
    out.error(error instanceof AppError ? error.message : `Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

async function askRunningServer(
  dataDir: string,
  input: RegisterInput,
  inUse: DataDirInUseError,
  out: { error: (line: string) => void },
  report: (outcome: AdminOutcome) => number,
): Promise<number> {
  try {
    const reply = await askLocalServer(dataDir, input);
    if ('outcome' in reply) return report(reply.outcome);
    out.error(reply.error);
    return 1;
  } catch {
    out.error(
      `${inUse.message}\nThe server using it did not answer on ${localAdminSocketPath(dataDir)}: stop it and run this command again, or use the setup link it printed at start while it has no admin.`,
    );
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCreateAdmin(process.argv.slice(2), process.env, {
    log: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
  }).then((code) => process.exit(code));
}
