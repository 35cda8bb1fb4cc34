import { expose } from 'comlink';
import { createVastApi } from './vast.api.ts';

expose(createVastApi());
