// The `sentinel` command line: every command, its one-line summary, its own usage
// text and its options, and the parsing of an argument list into the command to run
// (node:util parseArgs, strict). Nothing here opens, reads or starts anything, so
// `--help` anywhere, and any mistake, is answered before the service is even loaded
// (services/cli.ts imports the rest only once a command is to run).
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { gateUsage } from './gate/gate-options.js';

export type CommandName =
  | 'all'
  | 'api'
  | 'streams'
  | 'workers'
  | 'migrate'
  | 'gate'
  | 'org plan'
  | 'set-aside list'
  | 'set-aside replay'
  | 'analytics rebuild'
  | 'advisories sync'
  | 'audit verify';

interface CommandSpec {
  name: CommandName;
  /** The overview's line. */
  summary: string;
  /** What `sentinel <name> --help` prints. */
  usage: string;
  options: ParseArgsOptionsConfig;
  /** How many arguments besides options it takes. */
  positionals: { min: number; max: number };
  /** The command parses its own options (gate); the argument list is passed on as given. */
  ownParser?: true;
}

// What each variable does, in the words of README.md's configuration table, for the
// commands' usage texts; the README lists every variable.
const VARIABLES: Record<string, string> = {
  PORT: 'HTTP port (8080)',
  HOST: 'HTTP bind address (127.0.0.1)',
  NODE_ENV: 'development, test or production (production requires both keys)',
  LOG_LEVEL: 'fatal ... trace, or silent (info); the JSON log goes to stdout',
  DATA_DIR: 'embedded profile: database and unconfigured keys (./data)',
  DATABASE_URL: "PostgreSQL, as the service's login role (unset: the embedded database in DATA_DIR)",
  DATABASE_OWNER_URL: "PostgreSQL as the schema's owner, for migrations (unset: DATABASE_URL)",
  KAFKA_BROKERS: 'Kafka, with SCHEMA_REGISTRY_URL (unset: the in-process log)',
  CLICKHOUSE_URL: 'analytics store (unset: answered from the SQL database)',
  REDIS_URL: 'rate-limit counters (unset: in memory)',
  TOKEN_SIGNING_KEY: 'token signing key (unset: generated into DATA_DIR/keys)',
  WEBHOOK_SECRET_KEY: 'webhook secrets key (unset: generated into DATA_DIR/keys)',
  SHUTDOWN_GRACE_MS: 'how long SIGTERM waits for in-flight work (10000)',
  ADVISORY_SOURCE: 'OSV data: URL or directory (OSV public bucket)',
  ADVISORY_ECOSYSTEMS: 'ecosystems synchronized (Debian, Ubuntu, Alpine, ...)',
  SENTINEL_URL: 'the service address, when --url is not given',
  SENTINEL_API_KEY: 'the API key, when --api-key is not given (prefer it to the option)',
};

const environment = (names: string[], note = 'README.md, "Configuration", lists every variable'): string =>
  `environment (${note}):\n${names.map((name) => `  ${name.padEnd(20)}${VARIABLES[name]}`).join('\n')}`;

const HELP_OPTION = '  -h, --help          prints this text';

const DEPLOYMENT = ['DATA_DIR', 'DATABASE_URL', 'KAFKA_BROKERS', 'CLICKHOUSE_URL', 'LOG_LEVEL'];
const ROLE = ['NODE_ENV', 'LOG_LEVEL', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_OWNER_URL', 'KAFKA_BROKERS', 'CLICKHOUSE_URL', 'REDIS_URL', 'TOKEN_SIGNING_KEY', 'WEBHOOK_SECRET_KEY', 'SHUTDOWN_GRACE_MS'];
const EMBEDDED_LOCK = 'On the embedded profile stop the service first: the command opens its data\ndirectory.';

const role = (name: 'all' | 'api' | 'streams' | 'workers', summary: string, what: string, listens: boolean): CommandSpec => ({
  name,
  summary,
  usage: `usage: sentinel ${name}

${what}
SIGTERM or SIGINT stops it gracefully: in-flight requests, batches and jobs finish.

options:
${HELP_OPTION}

${environment(listens ? ['PORT', 'HOST', ...ROLE] : ROLE)}`,
  options: {},
  positionals: { min: 0, max: 0 },
});

const COMMANDS: readonly CommandSpec[] = [
  role(
    'all',
    'runs the whole service in one process (npm start runs it)',
    `Runs the whole service in one process: the HTTP API, the stream processors and the
workers (npm start runs this). Without DATABASE_URL and KAFKA_BROKERS it runs the
embedded profile, which needs nothing installed and keeps its data in DATA_DIR.`,
    true,
  ),
  role('api', 'runs the HTTP API', 'Runs the HTTP API (the full profile runs each role in processes of its own).', true),
  role('streams', 'runs the outbox relay and the stream processors', 'Runs the outbox relay and the stream processors (Kafka consumer groups on the full\nprofile).', false),
  role('workers', 'runs the job workers, the schedulers and the sweeps', 'Runs the job workers, the asset-schedule scheduler and the periodic sweeps.', false),
  {
    name: 'migrate',
    summary: 'prepares the database, topics and analytics, then exits',
    usage: `usage: sentinel migrate

Applies the database migrations, creates the stream topics and the analytics schema,
then exits (each role does the same at start). Waits, with back-off, for a dependency
that is not up yet.

options:
${HELP_OPTION}

${environment(['DATA_DIR', 'DATABASE_URL', 'DATABASE_OWNER_URL', 'KAFKA_BROKERS', 'CLICKHOUSE_URL', 'LOG_LEVEL'])}`,
    options: {},
    positionals: { min: 0, max: 0 },
  },
  {
    name: 'org plan',
    summary: 'moves an organization to another plan (audited)',
    usage: `usage: sentinel org plan <organization id> <plan code>

Moves an organization to another plan of the plans table (an unknown code is refused
with the list of plans and their seats). A plan with fewer seats than the organization
holds is allowed and removes nobody: until it is back within its seats it admits
nobody new (invitation acceptances, directory creations, just-in-time sign-ins), and
removals are never refused. The change is recorded in the organization's identity
trail as the system's (organization.plan_changed). Exit 0 when moved or already on the
plan, 2 for an unknown organization or plan.
${EMBEDDED_LOCK}

options:
${HELP_OPTION}

${environment(DEPLOYMENT)}`,
    options: {},
    positionals: { min: 2, max: 2 },
  },
  {
    name: 'set-aside list',
    summary: 'lists the stream records processors set aside',
    usage: `usage: sentinel set-aside list [--all] [--json]

Lists the records a stream processor could not apply and set aside, never their values
(they can hold secrets).
${EMBEDDED_LOCK}

options:
  --all               replayed records too
  --json              the records as a JSON array
${HELP_OPTION}

${environment(DEPLOYMENT)}`,
    options: { all: { type: 'boolean' }, json: { type: 'boolean' } },
    positionals: { min: 0, max: 0 },
  },
  {
    name: 'set-aside replay',
    summary: 'republishes set-aside records once the cause is fixed',
    usage: `usage: sentinel set-aside replay <id>...
       sentinel set-aside replay --all

Appends each record again, byte for byte, at the end of its key's partition, and marks
it replayed. Exit 1 when any record named could not be replayed.
${EMBEDDED_LOCK}

options:
  --all               every record not replayed yet
${HELP_OPTION}

${environment(DEPLOYMENT)}`,
    options: { all: { type: 'boolean' } },
    positionals: { min: 0, max: Number.POSITIVE_INFINITY },
  },
  {
    name: 'analytics rebuild',
    summary: 're-records the findings analytics from the database',
    usage: `usage: sentinel analytics rebuild [--org <organization id>]

Re-records every organization's finding timeline (or one organization's) from the
database into the analytics store; idempotent. Progress goes to stderr, the summary to
stdout. Exit 1 for an unknown organization.
${EMBEDDED_LOCK}

options:
  --org <id>          one organization only
${HELP_OPTION}

${environment(DEPLOYMENT)}`,
    options: { org: { type: 'string' } },
    positionals: { min: 0, max: 0 },
  },
  {
    name: 'advisories sync',
    summary: 'loads the OSV advisory data scans match against',
    usage: `usage: sentinel advisories sync [--ecosystem <name>]...

Synchronizes the OSV advisory records the built-in scanner matches against from
ADVISORY_SOURCE into the database: the first run of an ecosystem loads its all.zip,
later runs fetch only the records modified since (modified_id.csv). A run that was
stopped resumes where its last batch committed. The workers role does the same every
ADVISORY_SYNC_INTERVAL_MS. Progress goes to stderr, one line per ecosystem and the
summary to stdout. Exit 1 when an ecosystem failed (the others are kept) or another
synchronization is running.
${EMBEDDED_LOCK}

options:
  --ecosystem <name>  only this OSV ecosystem (repeatable; default ADVISORY_ECOSYSTEMS)
${HELP_OPTION}

${environment([...DEPLOYMENT, 'ADVISORY_SOURCE', 'ADVISORY_ECOSYSTEMS'])}`,
    options: { ecosystem: { type: 'string', multiple: true } },
    positionals: { min: 0, max: 0 },
  },
  {
    name: 'audit verify',
    summary: 'checks an NHI audit evidence package offline',
    usage: `usage: sentinel audit verify <evidence-package.json>

Checks an evidence package exported from GET /nhi/api/v1/audit/evidence offline:
every record's link and digest, then the manifest's summary (docs/audit-evidence.md).
Needs no configuration or database. Exit 0 intact, 1 broken (saying where), 2 when the
file is not a package this version can read.

options:
${HELP_OPTION}`,
    options: {},
    positionals: { min: 1, max: 1 },
  },
  {
    name: 'gate',
    summary: 'scans an image and prints the policy verdict',
    // Its own parser (services/gate/gate-options.ts) reads the options and the environment.
    usage: gateUsage,
    options: {},
    positionals: { min: 0, max: 0 },
    ownParser: true,
  },
];

const GROUPS: Array<{ title: string; names: CommandName[] }> = [
  { title: 'service roles', names: ['all', 'api', 'streams', 'workers', 'migrate'] },
  { title: 'operator commands', names: ['org plan', 'set-aside list', 'set-aside replay', 'analytics rebuild', 'advisories sync', 'audit verify'] },
  { title: 'in CI', names: ['gate'] },
];

const spec = (name: CommandName): CommandSpec => COMMANDS.find((command) => command.name === name)!;

/** What `sentinel`, `sentinel --help` and `sentinel help` print. */
export const overview = `usage: sentinel <command> [arguments] [options]

Runs the Sentinel service or one of its commands. Configuration comes from the
environment (README.md, "Configuration"). \`sentinel <command> --help\` prints a
command's arguments, options and environment, and does nothing else.

${GROUPS.map((group) => `${group.title}:\n${group.names.map((name) => `  ${name.padEnd(20)}${spec(name).summary}`).join('\n')}`).join('\n\n')}

options:
  -h, --help          prints this text
  --version           prints Sentinel's version and the Node.js it runs on`;

type ParsedCommandLine =
  /** Print the text on stdout and exit 0. */
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  /** Print the message on stderr and exit 2. */
  | { kind: 'mistake'; message: string }
  | { kind: 'run'; command: CommandName; options: Record<string, string | boolean | string[] | undefined>; operands: string[]; argv: string[] };

const asksForHelp = (argv: readonly string[]): boolean => {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
};

/** The reading of `sentinel <argv...>`: what to print, or which command to run with what. */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return { kind: 'help', text: overview };
  if (first === '--version' || first === 'version') return rest.length === 0 ? { kind: 'version' } : { kind: 'mistake', message: `sentinel ${first}: unexpected argument '${rest[0]}'` };
  if (first === 'help') {
    if (rest.length === 0) return { kind: 'help', text: overview };
    return parseCommandLine([...rest, '--help']);
  }
  if (first.startsWith('-')) return { kind: 'mistake', message: `sentinel: unknown option '${first}'\nRun 'sentinel --help' for the commands.` };

  const group = COMMANDS.filter((command) => command.name === first || command.name.startsWith(`${first} `));
  if (group.length === 0) return { kind: 'mistake', message: `sentinel: unknown command '${first}'\nRun 'sentinel --help' for the commands.` };
  const grouped = group[0]!.name !== first;
  const action = grouped ? rest[0] : undefined;
  const command = grouped ? group.find((candidate) => candidate.name === `${first} ${action}`) : group[0]!;
  const args = grouped ? rest.slice(1) : rest;

  if (!command) {
    const actions = group.map((candidate) => candidate.name.split(' ')[1]).join(', ');
    if (asksForHelp(rest) && (action === undefined || action.startsWith('-'))) return { kind: 'help', text: group.map((candidate) => candidate.usage).join('\n\n') };
    const problem = action === undefined ? 'needs a command' : action.startsWith('-') ? `unknown option '${action}'` : `unknown command '${action}'`;
    return { kind: 'mistake', message: `sentinel ${first}: ${problem} (${actions})\nRun 'sentinel ${first} --help' for their usage.` };
  }
  if (asksForHelp(args)) return { kind: 'help', text: command.usage };
  if (command.ownParser) return { kind: 'run', command: command.name, options: {}, operands: [], argv: args };

  const mistake = (problem: string): ParsedCommandLine => ({ kind: 'mistake', message: `sentinel ${command.name}: ${problem}\nRun 'sentinel ${command.name} --help' for its usage.` });
  let parsed;
  try {
    parsed = parseArgs({ args, options: command.options, strict: true, allowPositionals: command.positionals.max > 0 });
  } catch (error) {
    if (!(error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS_'))) throw error;
    // Node's message names the option or argument in its first line: "Unknown option '--foo'".
    const [line] = error.message.split('\n');
    return mistake(line!.charAt(0).toLowerCase() + line!.slice(1).replace(/\. This command does not take positional arguments$/, ''));
  }
  const { positionals } = parsed;
  if (positionals.length > command.positionals.max) return mistake(`unexpected argument '${positionals[command.positionals.max]}'`);
  if (positionals.length < command.positionals.min) return mistake(`missing arguments: ${command.usage.split('\n')[0]!.replace(/^usage: /, '')}`);
  return { kind: 'run', command: command.name, options: parsed.values as Record<string, string | boolean | string[] | undefined>, operands: positionals, argv: args };
}
