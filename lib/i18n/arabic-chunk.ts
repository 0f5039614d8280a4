// The Arabic chunk, fetched only when the page is in Arabic: the compiled catalogue, the English of the
// server's messages, and what recognises those messages to show them in Arabic.
import { messages, sentMessages } from './compiled/ar';
import { matchServerMessage } from './server-message-match';

export { messages, sentMessages };

export const matchSent = (text: string) => matchServerMessage(text, sentMessages);
