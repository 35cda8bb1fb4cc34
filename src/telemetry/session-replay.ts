/**
 * Sentry's session replay (about 55 kB gzip), a chunk of its own from our own bundle: the
 * reporter asks for it only after a fatal error (ARCHITECTURE.md rule 9), never from a CDN
 * (@sentry/browser's lazyLoadIntegration would fetch it from Sentry's).
 */
export { replayIntegration } from '@sentry/browser';
