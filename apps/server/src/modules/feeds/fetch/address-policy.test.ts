import { describe, expect, it } from 'vitest';

import { classifyAddress, isAddressAllowed, type AddressKind } from './address-policy.js';

const cases: [string, AddressKind][] = [
  ['8.8.8.8', 'public'],
  ['93.184.215.14', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['172.16.5.4', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', 'public'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['100.127.255.255', 'private'],
  ['100.128.0.1', 'public'],
  ['169.254.169.254', 'metadata'],
  ['169.254.1.1', 'link_local'],
  ['192.0.0.192', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:8.8.8.8', 'public'],
  ['::127.0.0.1', 'loopback'],
  ['::8.8.8.8', 'reserved'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['64:ff9b::808:808', 'public'],
  ['64:ff9b:1::1', 'reserved'],
  ['2002:7f00:1::1', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  ['2001:0:4136:e378::1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fd00:ec2::254', 'metadata'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['febf::1', 'link_local'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['2606:4700:4700::1111', 'public'],
  ['2a00:1450:4001:80b::200e', 'public'],
  ['4000::1', 'reserved'],
  ['not an address', 'reserved'],
  ['', 'reserved'],
];

describe('classifyAddress', () => {
  it.each(cases)('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('isAddressAllowed', () => {
  it('allows public addresses, and loopback only with the flag', () => {
    expect(isAddressAllowed('public', false)).toBe(true);
    expect(isAddressAllowed('loopback', false)).toBe(false);
    expect(isAddressAllowed('loopback', true)).toBe(true);
  });

  it('never allows private, link-local, metadata or special addresses, flag or not', () => {
    const kinds: AddressKind[] = [
      'private',
      'link_local',
      'metadata',
      'unspecified',
      'multicast',
      'reserved',
    ];
    for (const kind of kinds) {
      expect(isAddressAllowed(kind, true)).toBe(false);
      expect(isAddressAllowed(kind, false)).toBe(false);
    }
  });
});
