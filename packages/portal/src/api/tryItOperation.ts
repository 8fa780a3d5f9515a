/**
 * The operation the try-it panel shows, for the parts of the panel the theme
 * renders without it (the code samples): set by src/theme/ApiExplorer/index.tsx.
 */
import { createContext } from 'react';
import type { Props } from '@theme/ApiExplorer';

export type TryItItem = Props['item'];

export const TryItOperation = createContext<TryItItem | null>(null);
