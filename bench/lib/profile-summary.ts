import { readFileSync } from 'node:fs';

/**
 * Reads a V8 .cpuprofile and says where the CPU went: self time by group (Nest, Express, TypeORM,
 * pg, ioredis, undici, class-validator, class-transformer, our code by module, Node's own layers,
 * GC) and by package, the top functions by self time, and our code's and Nest's frames by
 * inclusive time (synchronous part only: an async function's continuations are separate stacks).
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  ms: number;
  /** Of busy time (idle excluded). */
  percent: number;
}

export interface FrameShare extends Share {
  group: string;
  where: string;
}

export interface ProfileSummary {
  file: string;
  wallMs: number;
  busyMs: number;
  samples: number;
  groups: Share[];
  packages: Share[];
  topSelf: FrameShare[];
  topInclusive: FrameShare[];
}

/** Packages shown under one group name; anything else under node_modules is listed by its package. */
const PACKAGE_GROUPS: Array<[RegExp, string]> = [
  [/^@nestjs\//, 'nest'],
  [
    /^(express|router|body-parser|raw-body|iconv-lite|qs|type-is|media-typer|mime-types|mime-db|content-type|on-finished|finalhandler|send|serve-static|parseurl|path-to-regexp|depd|statuses|http-errors|setprototypeof|merge-descriptors|encodeurl|escape-html|fresh|etag|vary|cookie|cookie-signature|proxy-addr|forwarded|ipaddr\.js|accepts|negotiator|content-disposition|range-parser|methods|utils-merge|debug|ms|unpipe|destroy|ee-first|bytes|call-bind.*|get-intrinsic|side-channel.*|es-.*|has-.*|function-bind|gopd|dunder-proto|math-intrinsics|object-inspect|hasown)$/,
    'express',
  ],
  [/^typeorm$/, 'typeorm'],
  [
    /^(pg|pg-pool|pg-protocol|pg-types|pg-connection-string|postgres-.*|pgpass|split2|buffer-writer|packet-reader)$/,
    'pg',
  ],
  [/^(ioredis|redis-errors|redis-parser|cluster-key-slot|denque|standard-as-callback|lodash\.\w+)$/, 'ioredis'],
  [/^undici$/, 'undici'],
  [/^class-validator$|^validator$|^libphonenumber-js$/, 'class-validator'],
  [/^class-transformer$/, 'class-transformer'],
  [/^rxjs$|^tslib$/, 'rxjs'],
  [/^reflect-metadata$/, 'reflect-metadata'],
  [/^lru-cache$/, 'lru-cache'],
];

function packageOf(url: string): string | null {
  const index = url.lastIndexOf('/node_modules/');
  if (index < 0) return null;
  const parts = url.slice(index + '/node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function nodeLayer(url: string): string {
  if (/^node:(_http|http|internal\/http)/.test(url)) return 'node: http';
  if (/^node:(net|internal\/net|internal\/stream_base_commons|internal\/dns)/.test(url)) return 'node: net';
  if (/^node:(internal\/streams|stream)/.test(url)) return 'node: streams';
  if (/^node:(internal\/crypto|crypto)/.test(url)) return 'node: crypto';
  if (
    /^node:(internal\/timers|timers|internal\/process\/task_queues|events|internal\/async_hooks|async_hooks|internal\/event_target)/.test(
      url,
    )
  ) {
    return 'node: events, timers, async';
  }
  return 'node: other';
}

/**
 * Node's native socket calls (libuv stream writes and reads, i.e. syscalls). The profiler samples
 * wall time: a thread preempted inside one of these (a loopback write wakes the receiver, which may
 * take the core) is counted here too, so on a busy machine this is partly waiting for a core.
 */
const SOCKET_NATIVES = new Set([
  'writev',
  'writeBuffer',
  'writeUtf8String',
  'writeLatin1String',
  'writeAsciiString',
  'writeUcs2String',
  'readStart',
  'readStop',
  'shutdown',
  'close',
]);

/** The group a frame's self time counts under. */
export function groupOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(program)') return 'V8 (program: compiler, runtime)';
    if (SOCKET_NATIVES.has(functionName)) return 'node: socket syscalls (native)';
    return 'V8 builtins/native';
  }
  // undici parses HTTP/1.1 with llhttp compiled to WebAssembly: the only wasm in the gateway.
  if (url.startsWith('wasm://')) return 'undici';
  if (url.startsWith('node:')) return nodeLayer(url);
  const pkg = packageOf(url);
  if (pkg) return PACKAGE_GROUPS.find(([pattern]) => pattern.test(pkg))?.[1] ?? `other: ${pkg}`;
  const ours = /\/dist\/src\/([^/]+)\//.exec(url) ?? /\/dist\/src\/([^/]+)\.js$/.exec(url);
  if (ours) return `our code: ${ours[1]}`;
  if (url.includes('/dist/bench/')) return 'bench hook';
  return 'other';
}

function where(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return '';
  const short = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/dist\//, 'dist/');
  return `${short}:${frame.lineNumber + 1}`;
}

function toShares(map: Map<string, number>, busyMs: number, limit: number): Share[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), percent: Math.round((1000 * ms) / busyMs) / 10 }));
}

export function summarizeProfile(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));

  // Self time per node: each sample stands for the time until the next one.
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + Math.max(0, delta));
  }

  // Inclusive time: self plus every descendant's, per node, then added up per function.
  const inclusiveUs = new Map<number, number>();
  const inclusive = (id: number): number => {
    const known = inclusiveUs.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const total = (selfUs.get(id) ?? 0) + (node.children ?? []).reduce((sum, child) => sum + inclusive(child), 0);
    inclusiveUs.set(id, total);
    return total;
  };

  const groups = new Map<string, number>();
  const packages = new Map<string, number>();
  const selfByFunction = new Map<string, { ms: number; frame: ProfileNode['callFrame'] }>();
  const inclusiveByFunction = new Map<string, { ms: number; frame: ProfileNode['callFrame'] }>();
  let idleMs = 0;
  let wallMs = 0;
  for (const node of profile.nodes) {
    const ms = (selfUs.get(node.id) ?? 0) / 1000;
    wallMs += ms;
    const group = groupOf(node.callFrame);
    if (group === '(idle)') {
      idleMs += ms;
      continue;
    }
    groups.set(group, (groups.get(group) ?? 0) + ms);
    const pkg = packageOf(node.callFrame.url) ?? (group.startsWith('our code') ? 'our code' : group);
    packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
    const key = `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame)}`;
    const self = selfByFunction.get(key) ?? { ms: 0, frame: node.callFrame };
    self.ms += ms;
    selfByFunction.set(key, self);
    if (group.startsWith('our code') || group === 'nest') {
      // A recursive function would be counted twice; none on this path recurses.
      const incl = inclusiveByFunction.get(key) ?? { ms: 0, frame: node.callFrame };
      incl.ms += inclusive(node.id) / 1000;
      inclusiveByFunction.set(key, incl);
    }
  }
  const busyMs = wallMs - idleMs;
  const frames = (map: Map<string, { ms: number; frame: ProfileNode['callFrame'] }>, limit: number): FrameShare[] =>
    [...map.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, limit)
      .map(({ ms, frame }) => ({
        name: frame.functionName || '(anonymous)',
        group: groupOf(frame),
        where: where(frame),
        ms: Math.round(ms),
        percent: Math.round((1000 * ms) / busyMs) / 10,
      }));

  return {
    file,
    wallMs: Math.round(wallMs),
    busyMs: Math.round(busyMs),
    samples: profile.samples.length,
    groups: toShares(groups, busyMs, 40),
    packages: toShares(packages, busyMs, 25),
    topSelf: frames(selfByFunction, 30),
    topInclusive: frames(inclusiveByFunction, 25),
  };
}
