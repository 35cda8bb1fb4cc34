import { expose } from 'comlink';
import { createAnalyticsApi } from './analytics.api.ts';

expose(createAnalyticsApi());
