import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The house rules, checked on the source itself (docs/architecture.md explains them):
 * - the folders of src/ import each other without a cycle, so without a two-way pair;
 * - core, database and jobs (the job engine) are leaves: they import no feature;
 * - each table is written (INSERT, UPDATE, DELETE, or a repository's write) only by the folder that
 *   holds its entity; other folders ask that folder's service or hand it a change (an applier);
 * - each table is read only by the folder that holds its entity: no other folder's SQL names it;
 * - storage is a repository's: SQL, query builders, data sources and TypeORM repositories appear only
 *   in `*.repository.ts` files (and in database/, the shared machinery, and the migrations);
 * - the simulator is not in src/: the gateway imports nothing of apps/, and libs/ (what the gateway
 *   and the sandbox share) imports neither;
 * - what the console (apps/console) imports from src/ (Meta's error table, the template create
 *   rules) imports no package, so the browser runs the API's own code.
 */
type SourceFile = { path: string; folder: string | undefined; text: string };

const SRC = __dirname;
const ROOT = join(SRC, '..');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') sourceFiles(path, out);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) out.push(path);
  }
  return out;
}

const folderOf = (file: string): string | undefined => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
};

const files: SourceFile[] = sourceFiles(SRC).map((path) => ({
  path,
  folder: folderOf(path),
  text: readFileSync(path, 'utf8'),
}));

/** folder -> folders it imports (relative imports only; top-level files compose the app and are left out). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    if (!file.folder) continue;
    const targets = graph.get(file.folder) ?? new Set<string>();
    graph.set(file.folder, targets);
    const imports = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\s*\(?\s*['"](\.[^'"]+)['"]/g;
    for (const match of file.text.matchAll(imports)) {
      const target = folderOf(resolve(dirname(file.path), (match[1] ?? match[2]).replace(/\.js$/, '')) + '.ts');
      if (target && target !== file.folder) targets.add(target);
    }
  }
  return graph;
}

/** The strongly connected sets of more than one folder (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const set: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        set.push(member);
      } while (member !== node);
      if (set.length > 1) found.push(set.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

/** table -> folders whose code writes it, and table -> the folder of its entity. */
function tableWriters(): { writers: Map<string, Set<string>>; owners: Map<string, string> } {
  const entities = new Map<string, string>(); // class -> table
  const owners = new Map<string, string>();
  for (const file of files) {
    for (const match of file.text.matchAll(/@Entity\(\s*\{\s*name:\s*'([a-z_0-9]+)'[^)]*\)[\s\S]*?\bclass\s+(\w+)/g)) {
      entities.set(match[2], match[1]);
      owners.set(match[1], file.folder ?? '(top)');
    }
  }
  const writers = new Map<string, Set<string>>([...owners.keys()].map((table) => [table, new Set<string>()]));
  for (const file of files) {
    if (!file.folder) continue;
    const code = file.text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const match of code.matchAll(/\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_0-9]+)"?/g))
      writers.get(match[1])?.add(file.folder);
    if (!/\.(save|insert|update|delete|upsert|increment|decrement|remove)\s*\(/.test(code)) continue;
    for (const [entity, table] of entities) {
      const repository = new RegExp(
        `(Repository<${entity}>|getRepository\\(\\s*${entity}\\b|\\.(save|insert|update|delete|upsert)\\(\\s*${entity}\\b)`,
      );
      if (repository.test(code)) writers.get(table)!.add(file.folder);
    }
  }
  return { writers, owners };
}

/** The code of a file without its comments (a SQL word in a comment is not SQL). */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** table -> the folder of its entity. */
function tableOwners(all: SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of all)
    for (const match of file.text.matchAll(/@Entity\(\s*\{\s*name:\s*'([a-z_0-9]+)'/g))
      owners.set(match[1], file.folder ?? '(top)');
  return owners;
}

/** "table read by folder" for each SQL read (FROM or JOIN) of a table whose entity is in another folder. */
function foreignReads(all: SourceFile[]): string[] {
  const owners = tableOwners(all);
  const found = new Set<string>();
  for (const file of all) {
    if (!file.folder || file.folder === 'database') continue;
    for (const match of codeOf(file.text).matchAll(/\b(?:FROM|JOIN)\s+"?([a-z_0-9]+)"?/g)) {
      const owner = owners.get(match[1]);
      if (owner && owner !== file.folder) found.add(`${match[1]} read by ${file.folder}`);
    }
  }
  return [...found].sort();
}

/** What holds storage outside a repository: "file: what", for SQL text or a data source, query builder or TypeORM repository. */
function storageOutsideRepositories(all: SourceFile[]): string[] {
  const found: string[] = [];
  const kinds: Array<[string, RegExp]> = [
    [
      'SQL',
      /\b(?:SELECT\s[\s\S]{0,400}?\bFROM|INSERT\s+INTO|UPDATE\s+"?[a-z_0-9]+"?\s+(?:[a-z]\s+)?SET|DELETE\s+FROM)\b/,
    ],
    ['a data source', /@InjectDataSource\(|\b(?:manager|dataSource)\.(?:query|transaction)\(/],
    ['a TypeORM repository', /@InjectRepository\(|\.getRepository\(/],
    ['a query builder', /\.createQueryBuilder\(/],
  ];
  for (const file of all) {
    if (!file.folder || file.folder === 'database' || file.path.endsWith('.repository.ts')) continue;
    const code = codeOf(file.text);
    for (const [what, pattern] of kinds) if (pattern.test(code)) found.push(`${relative(SRC, file.path)}: ${what}`);
  }
  return found;
}

describe('the house', () => {
  const graph = folderGraph();

  it('has no two-way pair and no cycle between the folders of src/', () => {
    const pairs = [...graph].flatMap(([a, targets]) =>
      [...targets].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
    );
    expect(pairs).toEqual([]);
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps core, database and the job engine as leaves that import no feature', () => {
    expect([...(graph.get('core') ?? [])]).toEqual([]);
    // Features register their periodic tasks and their queues with the job engine, not the other way.
    expect([...(graph.get('jobs') ?? [])].filter((folder) => !['core', 'config'].includes(folder))).toEqual([]);
    expect([...(graph.get('database') ?? [])].filter((folder) => !['core', 'config'].includes(folder))).toEqual([]);
  });

  it('writes each table only from the folder that holds its entity', () => {
    const { writers, owners } = tableWriters();
    expect(owners.size).toBeGreaterThan(15);
    const foreign = [...writers].flatMap(([table, folders]) =>
      [...folders].filter((folder) => folder !== owners.get(table)).map((folder) => `${table} written by ${folder}`),
    );
    expect(foreign).toEqual([]);
  });

  it("reads each table only from the folder that holds its entity (others ask that folder's service)", () => {
    expect(foreignReads(files)).toEqual([]);
  });

  it('keeps storage in repositories: no SQL, data source, query builder or TypeORM repository elsewhere', () => {
    expect(storageOutsideRepositories(files)).toEqual([]);
  });

  it('catches each rule broken on purpose', () => {
    const planted = (path: string, text: string): SourceFile => ({
      path: join(SRC, path),
      folder: path.split('/')[0],
      text,
    });
    const owner = planted('messages/message.entity.ts', "@Entity({ name: 'messages' })\nexport class Message {}");
    // A read of messages' table from another folder, in a repository of its own: a foreign read.
    expect(
      foreignReads([owner, planted('media/media.repository.ts', 'q(`SELECT id FROM messages WHERE id = $1`)')]),
    ).toEqual(['messages read by media']);
    expect(foreignReads([owner, planted('messages/messages.repository.ts', 'q(`SELECT id FROM messages`)')])).toEqual(
      [],
    );
    // SQL, a data source or a TypeORM repository in a service: storage outside a repository.
    expect(
      storageOutsideRepositories([
        planted('messages/messages.service.ts', 'this.sql.query(`UPDATE messages SET status = $1`)'),
        planted('media/media.service.ts', 'constructor(@InjectRepository(MediaUpload) uploads) {}'),
        planted('blacklist/blacklist.service.ts', '// a comment may say SELECT x FROM y\nconst a = 1;'),
        planted('contacts/contacts.repository.ts', 'q(`SELECT * FROM contacts`)'),
      ]),
    ).toEqual(['messages/messages.service.ts: SQL', 'media/media.service.ts: a TypeORM repository']);
    // A two-way pair of folders is a cycle.
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b']]);
  });

  it('holds no simulator: src/ and apps/sandbox share only libs/', () => {
    expect(readdirSync(SRC)).not.toContain('sandbox');
    const outside = (file: { path: string; text: string }, root: string) =>
      [...file.text.matchAll(/from\s+['"](\.[^'"]+)['"]/g)]
        .map((match) => relative(ROOT, resolve(dirname(file.path), match[1])))
        .filter((target) => target.startsWith(root + sep));
    expect(files.flatMap((file) => outside(file, 'apps'))).toEqual([]);
    const libs = sourceFiles(join(ROOT, 'libs')).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    expect(libs.length).toBeGreaterThan(0);
    expect(libs.flatMap((file) => [...outside(file, 'apps'), ...outside(file, 'src')])).toEqual([]);
    // And the sandbox knows nothing of the gateway (no table, no module): only libs/ is shared.
    const sandbox = sourceFiles(join(ROOT, 'apps/sandbox/src')).map((path) => ({
      path,
      text: readFileSync(path, 'utf8'),
    }));
    expect(sandbox.flatMap((file) => outside(file, 'src'))).toEqual([]);
    expect(sandbox.filter((file) => /\b(typeorm|pg|ioredis|@nestjs\/[a-z-]+)['"]/.test(file.text))).toEqual([]);
  });

  it("lets the console run the API's own rules: what it imports from src/ imports only plain files of src/", () => {
    const imports = (path: string) =>
      [...readFileSync(path, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)].map((match) => match[1]);
    const consoleFiles = readdirSync(join(ROOT, 'apps/console/src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => join(ROOT, 'apps/console/src', name));
    const shared = new Set<string>();
    const visit = (file: string) => {
      for (const target of imports(file).filter((spec) => spec.startsWith('.'))) {
        const path = resolve(dirname(file), target) + '.ts';
        if (!path.startsWith(SRC + sep) || shared.has(path)) continue;
        shared.add(path);
        visit(path);
      }
    };
    consoleFiles.forEach(visit);
    // The error hints and the template rules, at least, come from the API's code, not a copy.
    expect([...shared].map((path) => relative(SRC, path))).toEqual(
      expect.arrayContaining(['core/meta-error-codes.ts', 'templates/template-create-rules.ts']),
    );
    // None of them pulls in a package (NestJS, TypeORM, Node's own): they run in the browser as they are.
    const packages = [...shared].flatMap((path) =>
      imports(path)
        .filter((spec) => !spec.startsWith('.'))
        .map((spec) => `${relative(SRC, path)}: ${spec}`),
    );
    expect(packages).toEqual([]);
  });
});
