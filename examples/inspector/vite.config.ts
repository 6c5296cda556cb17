import { defineConfig } from 'vite';
import spvkit from '@spvkit/vite-plugin';
import { inspectorConfig } from './inspector.config.js';

export default defineConfig(inspectorConfig(spvkit));
