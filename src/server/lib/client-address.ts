/**
 * The client as every per-client rule keys it (rate limits, stock holds, connections): the address Fastify derived
 * under TRUST_PROXY (decision 049), an IPv6 address taken as its /64, since one household or host is given a whole /64.
 */
import { normalizeIP } from '@fastify/rate-limit';

/** `ipv6PrefixLength` widens the IPv6 unit where the attacker's is wider (login counts a /48, decision 102). */
export const clientAddress = (ip: string, ipv6PrefixLength = 64): string => normalizeIP(ip, ipv6PrefixLength);
