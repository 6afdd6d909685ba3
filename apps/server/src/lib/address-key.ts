/**
 * The part of a client address that identifies one client, which every per-address limit counts
 * by: an IPv4 address, or the /64 network of an IPv6 one (a single machine commonly has a whole
 * /64 to choose addresses from, so counting full IPv6 addresses would give it 2^64 budgets).
 * An IPv4 address mapped into IPv6 counts as the IPv4 address.
 */
export function toAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups]
    : headGroups;
  // Each group as written without leading zeros, so '0db8' and 'db8' are one network.
  const network = groups.slice(0, 4).map((group) => {
    const value = Number.parseInt(group, 16);
    return Number.isNaN(value) ? group : value.toString(16);
  });
  return `${network.join(':')}::/64`;
}
