import {
  addressProblem,
  classifyAddress,
  guardedLookup,
  urlSyntaxProblem,
  webhookUrlProblem,
} from './webhook-url-policy';

describe('webhook URL policy', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
    ['127.0.0.1', 'private'],
    ['127.8.9.10', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['169.254.169.254', 'forbidden'],
    ['169.254.0.1', 'forbidden'],
    ['0.0.0.0', 'forbidden'],
    ['::', 'forbidden'],
    ['fe80::1', 'forbidden'],
    ['fd00:ec2::254', 'forbidden'],
    ['::ffff:169.254.169.254', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['not-an-ip', 'forbidden'],
    // IPv4 written inside IPv6: judged as the IPv4 it carries, or never public.
    ['64:ff9b::a9fe:a9fe', 'forbidden'],
    ['64:ff9b::169.254.169.254', 'forbidden'],
    ['64:ff9b::7f00:1', 'private'],
    ['64:ff9b::5db8:d822', 'public'],
    ['64:ff9b:1::a9fe:a9fe', 'forbidden'],
    ['64:ff9b:1::5db8:d822', 'forbidden'],
    ['2002:a9fe:a9fe::', 'forbidden'],
    ['2002:5db8:d822::1', 'forbidden'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'forbidden'],
    ['::169.254.169.254', 'forbidden'],
    ['::a9fe:a9fe', 'forbidden'],
    ['::127.0.0.1', 'forbidden'],
    ['::93.184.216.34', 'forbidden'],
    ['::ffff:a9fe:a9fe', 'forbidden'],
    ['::ffff:0:a9fe:a9fe', 'forbidden'],
    ['::ffff:93.184.216.34', 'public'],
    // The rest of the special-purpose registries.
    ['192.0.0.1', 'forbidden'],
    ['192.0.0.170', 'forbidden'],
    ['192.0.2.1', 'forbidden'],
    ['198.51.100.7', 'forbidden'],
    ['203.0.113.9', 'forbidden'],
    ['198.18.0.1', 'forbidden'],
    ['240.0.0.1', 'forbidden'],
    ['192.88.99.1', 'forbidden'],
    ['2001:db8::1', 'forbidden'],
    ['100::1', 'forbidden'],
    ['fec0::1', 'forbidden'],
    ['ff02::1', 'forbidden'],
    ['3fff::1', 'forbidden'],
    ['5f00::1', 'forbidden'],
    ['4000::1', 'forbidden'],
    ['fe80::1%eth0', 'forbidden'],
  ])('classifies %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('wants https unless private targets are allowed, and no credentials', () => {
    expect(urlSyntaxProblem('https://example.com/hook', { allowPrivate: false })).toBeUndefined();
    expect(urlSyntaxProblem('http://example.com/hook', { allowPrivate: false })).toBe('must be an https URL');
    expect(urlSyntaxProblem('http://example.com/hook', { allowPrivate: true })).toBeUndefined();
    expect(urlSyntaxProblem('ftp://example.com/hook', { allowPrivate: true })).toBe('must be an http or https URL');
    expect(urlSyntaxProblem('https://u:p@example.com/', { allowPrivate: false })).toBe('must not carry credentials');
    expect(urlSyntaxProblem('/relative', { allowPrivate: true })).toBe('must be an absolute URL');
    expect(urlSyntaxProblem('https://example.com/' + 'a'.repeat(2000), { allowPrivate: false })).toBe(
      'must be at most 2000 characters',
    );
  });

  it('refuses private addresses unless allowed, link-local always, and the gateway itself', () => {
    const policy = (allowPrivate: boolean) => ({ allowPrivate, ownPort: () => 3000 });
    expect(addressProblem('10.0.0.5', 443, policy(false))).toBe('not a public address');
    expect(addressProblem('10.0.0.5', 443, policy(true))).toBeUndefined();
    expect(addressProblem('169.254.169.254', 80, policy(true))).toBe('not a public address');
    expect(addressProblem('64:ff9b::a9fe:a9fe', 80, policy(true))).toBe('not a public address');
    expect(addressProblem('127.0.0.1', 3000, policy(true))).toBe('points at the gateway itself');
    expect(addressProblem('127.0.0.1', 3001, policy(true))).toBeUndefined();
    expect(addressProblem('93.184.216.34', 3000, policy(false))).toBeUndefined();
  });

  it('checks every address a host resolves to, and never says which', async () => {
    const policy = { allowPrivate: false, ownPort: () => undefined };
    const notPublic = 'host resolves to an address that is not a public address';
    expect(await webhookUrlProblem('https://localhost/hook', policy)).toBe(notPublic);
    expect(await webhookUrlProblem('https://[::1]/hook', policy)).toBe(notPublic);
    expect(await webhookUrlProblem('https://[64:ff9b::a9fe:a9fe]/hook', policy)).toBe(notPublic);
    expect(await webhookUrlProblem('https://169.254.169.254/latest', { ...policy, allowPrivate: true })).toBe(
      notPublic,
    );
    expect(await webhookUrlProblem('https://no-such-host.invalid/hook', policy)).toBe(
      'host does not resolve to a public address',
    );
    const resolver = (addresses: string[]) => ({
      ...policy,
      resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    });
    expect(await webhookUrlProblem('https://hooks.example.com/x', resolver(['93.184.216.34']))).toBeUndefined();
    const mixed = await webhookUrlProblem(
      'https://hooks.example.com/x',
      resolver(['93.184.216.34', '2002:a9fe:a9fe::']),
    );
    expect(mixed).toBe(notPublic);
    expect(mixed).not.toContain('2002');
  });

  it('checks again on the address actually connected: a name that rebinds after the check is refused at connect time', async () => {
    let answer = '93.184.216.34';
    const policy = {
      allowPrivate: false,
      ownPort: () => undefined,
      resolve: async () => [{ address: answer, family: answer.includes(':') ? 6 : 4 }],
    };
    expect(await webhookUrlProblem('https://rebind.example/x', policy)).toBeUndefined();
    answer = '64:ff9b::a9fe:a9fe';
    const lookup = guardedLookup(policy) as unknown as (
      host: string,
      options: { all?: boolean },
      callback: (error: NodeJS.ErrnoException | null, address: unknown) => void,
    ) => void;
    const outcome = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('rebind.example', {}, (error, address) => resolve({ error, address })),
    );
    expect(outcome.error).toMatchObject({
      code: 'EADDRREFUSED',
      message: 'webhook host resolves to an address that is not a public address',
    });
    answer = '93.184.216.34';
    const allowed = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('rebind.example', {}, (error, address) => resolve({ error, address })),
    );
    expect(allowed).toEqual({ error: null, address: '93.184.216.34' });
  });
});
