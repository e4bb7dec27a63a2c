import { type ErrorMessages, errorMessages } from '../errors.ts';

export default errorMessages satisfies ErrorMessages;
