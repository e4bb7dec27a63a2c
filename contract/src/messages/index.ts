import type { ErrorCode, ErrorMessages } from '../errors.ts';
import { formatMessage } from '../format.ts';
import type { Language } from '../languages.ts';
import de from './de.ts';
import en from './en.ts';
import es from './es.ts';
import fr from './fr.ts';
import it from './it.ts';
import ja from './ja.ts';
import pt from './pt.ts';
import ru from './ru.ts';

/** Error messages in every interface language. */
export const errorCatalogues: Record<Language, ErrorMessages> = { en, de, fr, es, it, ru, ja, pt };

export function translateError(language: Language, code: ErrorCode, params?: Record<string, string | number>): string {
  return formatMessage(errorCatalogues[language][code], params, language);
}
