import { createContext } from 'react';
import type { Dict } from '../../resources/blade-system/dict-defs';

/**
 * How the 'entries' row action of the two dictionary layouts tells its page which dictionary
 * was chosen (the action component is rendered by the parent table, inside the page).
 */
export const ChooseDictionary = createContext<(parent: Dict) => void>(() => {});
