import { Buffer } from 'node:buffer';
import type { SitemapMeta } from '../../../src/contract/schemas/site-schema.ts';
import type { NamedCache } from '../../catalogue/cache-registry.ts';
import type { Queryable } from '../../db/database.ts';
import { CATALOG_API_PREFIX } from '../../http/paths.ts';
import { SitemapRepository } from './sitemap-repository.ts';
import { chunks, newestOf, renderIndex, renderUrlset } from './sitemap-xml.ts';

export const SITEMAP_INDEX_PATH = `${CATALOG_API_PREFIX}/sitemap.xml`;
export const sitemapFilePath = (n: number): string => `${CATALOG_API_PREFIX}/sitemap${n}.xml`;

/** A search engine reads the files a few times a day; new contents show up within this. */
const MAX_AGE_MS = 60 * 60 * 1000;

interface Sitemaps {
  generatedAt: Date;
  index: string;
  /** sitemap1.xml is files[0]. */
  files: { xml: string; urls: number }[];
}

export interface SitemapStoreOptions {
  db: Queryable;
  /** The site's origin, put in front of every path. */
  origin: string;
  /** URLs per file (sitemaps.org: at most 50 000). */
  urlsPerFile: number;
  now?: () => number;
}

/**
 * The sitemap files, built from the database on first use and kept until they are an hour old or
 * someone clears them (the 'sitemaps' cache, GET /debug/generate-sitemap-xml). Concurrent readers
 * share one build.
 */
export class SitemapStore implements NamedCache {
  readonly name = 'sitemaps';
  readonly description = 'the sitemap index and its files (sitemap.xml, sitemap{n}.xml), rebuilt hourly';
  #current: Sitemaps | undefined;
  #building: Promise<Sitemaps> | undefined;
  /** Bumped by clear(): a build that began before it must not be kept. */
  #generation = 0;
  private readonly options: SitemapStoreOptions;

  constructor(options: SitemapStoreOptions) {
    this.options = options;
  }

  entries(): number {
    return this.#current ? this.#current.files.length + 1 : 0;
  }

  clear(): void {
    this.#current = undefined;
    // A build under way may have read the database before whatever made the operator clear it.
    this.#building = undefined;
    this.#generation += 1;
  }

  /** The files as they are, built when missing or stale. */
  async read(): Promise<Sitemaps> {
    const current = this.#current;
    if (current && this.#now() - current.generatedAt.getTime() < MAX_AGE_MS) return current;
    return this.regenerate();
  }

  /** Builds them now (joining a build already under way). */
  async regenerate(): Promise<Sitemaps> {
    if (this.#building) return this.#building;
    const building = this.#build().finally(() => {
      if (this.#building === building) this.#building = undefined;
    });
    this.#building = building;
    return building;
  }

  meta(sitemaps: Sitemaps): SitemapMeta {
    return {
      generatedAt: sitemaps.generatedAt.toISOString(),
      urlsPerFile: this.options.urlsPerFile,
      totalUrls: sitemaps.files.reduce((sum, file) => sum + file.urls, 0),
      index: { path: SITEMAP_INDEX_PATH, bytes: Buffer.byteLength(sitemaps.index) },
      files: sitemaps.files.map((file, i) => ({ path: sitemapFilePath(i + 1), urls: file.urls, bytes: Buffer.byteLength(file.xml) })),
    };
  }

  async #build(): Promise<Sitemaps> {
    const generation = this.#generation;
    const { db, origin, urlsPerFile } = this.options;
    const parts = chunks(await new SitemapRepository(db).entries(), urlsPerFile);
    const sitemaps: Sitemaps = {
      generatedAt: new Date(this.#now()),
      index: renderIndex(parts.map((part, i) => ({ url: origin + sitemapFilePath(i + 1), lastmod: newestOf(part.map((entry) => entry.lastmod)) }))),
      files: parts.map((part) => ({ xml: renderUrlset(origin, part), urls: part.length })),
    };
    if (generation === this.#generation) this.#current = sitemaps;
    return sitemaps;
  }

  #now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
