import { fileURLToPath } from 'node:url';
import { LOCAL_DATA_DIR } from './config';

/** Where `npm start` keeps its data: <repo>/.local, whatever the working directory of the command. */
export const LOCAL_DATA_PATH = fileURLToPath(new URL(`../../${LOCAL_DATA_DIR}/`, import.meta.url));
