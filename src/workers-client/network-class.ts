/**
 * The network classes of SPEC.md section 9, one definition for the engine worker (which measures
 * the throughput and picks renditions by it), the other engines' adapters, and analytics.
 */
export { networkClassOfBps, type NetworkClass } from '../../workers/engine/abr/network-class.ts';
