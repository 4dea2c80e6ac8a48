import { describe, expect, it } from 'vitest';
import {
  assertOutboundResolved,
  endpointHost,
  isRefusedHost,
  jdbcHosts,
  parseOutboundAllowlist,
} from './outbound.js';

const none = parseOutboundAllowlist(undefined);

describe('outbound host check (issue 15 item 14)', () => {
  it('refuses loopback, link-local, private, shared and metadata hosts in any written form', () => {
    for (const host of [
      '127.0.0.1',
      '0x7f000001',
      '2130706433',
      '0177.0.0.1',
      '127.1',
      '0',
      '0.0.0.0',
      '169.254.169.254',
      '100.100.100.200',
      '10.1.2.3',
      '172.31.255.1',
      '192.168.0.1',
      '[::1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]',
      '[fe80::1]',
      '[febf::1]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[64:ff9b::a9fe:a9fe]',
      'localhost',
      'LOCALHOST.',
      'db.localhost',
      'metadata.google.internal',
      'metadata',
      'instance-data.ec2.internal',
      '',
      'a b',
    ])
      expect([host, isRefusedHost(host, none)]).toEqual([host, true]);
  });

  it('lets public hosts through', () => {
    for (const host of ['8.8.8.8', '172.32.0.1', '[2001:db8::1]', 's3.example.com', '1.2.3.4'])
      expect([host, isRefusedHost(host, none)]).toEqual([host, false]);
  });

  it('lets what OUTBOUND_ALLOWLIST names through: names, addresses in any form, CIDR ranges', () => {
    const allow = parseOutboundAllowlist(' minio.local, 127.0.0.1 ,10.0.0.0/8,[fd00::]/8 ');
    for (const host of ['minio.local', 'MINIO.LOCAL', '0x7f000001', '10.200.0.1', '[fd00::5]'])
      expect([host, isRefusedHost(host, allow)]).toEqual([host, false]);
    for (const host of ['127.0.0.2', '169.254.169.254', 'other.local', '[fc00::1]'])
      expect([host, isRefusedHost(host, allow)]).toEqual([host, true]);
    expect(() => parseOutboundAllowlist('10.0.0.0/33')).toThrow(/OUTBOUND_ALLOWLIST/);
  });

  it('reads the hosts of endpoints and JDBC urls', () => {
    expect(endpointHost('oss-cn-hangzhou.aliyuncs.com')).toBe('oss-cn-hangzhou.aliyuncs.com');
    expect(endpointHost('http://0x7f000001:9000/x')).toBe('127.0.0.1');
    expect(jdbcHosts('jdbc:postgresql://u:p@db.example.com:5432/x?ssl=true')).toEqual([
      'db.example.com',
    ]);
    expect(jdbcHosts('jdbc:mysql://a.example.com:3306,b.example.com/x')).toEqual([
      'a.example.com',
      'b.example.com',
    ]);
    expect(jdbcHosts('jdbc:postgresql://[::1]:5432/x')).toEqual(['[::1]']);
    expect(jdbcHosts('jdbc:mysql://address=(protocol=tcp)(host=10.0.0.1)(port=3306)/x')).toEqual([
      '10.0.0.1',
    ]);
    expect(jdbcHosts('jdbc:postgresql:x')).toEqual(['localhost']);
    expect(jdbcHosts('jdbc:postgresql:///x')).toEqual(['localhost']);
    expect(jdbcHosts('jdbc:sqlite:/tmp/x.db')).toEqual([]);
  });

  it('checks again at connection time what a name resolves to now', async () => {
    const resolvesTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address }));
    await expect(
      assertOutboundResolved('s3.example.com', none, resolvesTo('93.184.216.34')),
    ).resolves.toBeUndefined();
    // A name that passed when saved now points at the metadata service (DNS rebinding).
    await expect(
      assertOutboundResolved(
        's3.example.com',
        none,
        resolvesTo('93.184.216.34', '169.254.169.254'),
      ),
    ).rejects.toThrow(/refused/);
    await expect(
      assertOutboundResolved('s3.example.com', none, resolvesTo('::ffff:127.0.0.1')),
    ).rejects.toThrow(/refused/);
    await expect(assertOutboundResolved('s3.example.com', none, resolvesTo())).rejects.toThrow();
    await expect(assertOutboundResolved('localhost', none)).rejects.toThrow(/refused/);
    // Allowlisted: the name, or the address it resolves to.
    await expect(
      assertOutboundResolved(
        'minio.example.com',
        parseOutboundAllowlist('minio.example.com'),
        resolvesTo('10.0.0.9'),
      ),
    ).resolves.toBeUndefined();
    await expect(
      assertOutboundResolved(
        'minio.example.com',
        parseOutboundAllowlist('10.0.0.0/24'),
        resolvesTo('10.0.0.9'),
      ),
    ).resolves.toBeUndefined();
  });
});
