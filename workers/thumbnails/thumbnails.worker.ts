import { expose } from 'comlink';
import { createThumbnailsApi } from './thumbnails.api.ts';

expose(createThumbnailsApi());
