import { addressProblem, classifyAddress, urlSyntaxProblem, webhookUrlProblem } from './webhook-url-policy';

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
    expect(urlSyntaxProblem('https://example.com/' + 'a'.repeat(2000), { allowPrivate: false })).toBe('must be at most 2000 characters');
  });

  it('refuses private addresses unless allowed, link-local always, and the gateway itself', () => {
    const policy = (allowPrivate: boolean) => ({ allowPrivate, ownPort: () => 3000 });
    expect(addressProblem('10.0.0.5', 443, policy(false))).toContain('loopback or private');
    expect(addressProblem('10.0.0.5', 443, policy(true))).toBeUndefined();
    expect(addressProblem('169.254.169.254', 80, policy(true))).toContain('link-local');
    expect(addressProblem('127.0.0.1', 3000, policy(true))).toBe('points at the gateway itself');
    expect(addressProblem('127.0.0.1', 3001, policy(true))).toBeUndefined();
    expect(addressProblem('93.184.216.34', 3000, policy(false))).toBeUndefined();
  });

  it('checks every address a host resolves to', async () => {
    const policy = { allowPrivate: false, ownPort: () => undefined };
    expect(await webhookUrlProblem('https://localhost/hook', policy)).toContain('loopback or private');
    expect(await webhookUrlProblem('https://[::1]/hook', policy)).toContain('loopback or private');
    expect(await webhookUrlProblem('https://169.254.169.254/latest', { ...policy, allowPrivate: true })).toContain('link-local');
    expect(await webhookUrlProblem('https://no-such-host.invalid/hook', policy)).toContain('does not resolve');
  });
});
