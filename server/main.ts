// `npm start` / `npm run dev`: the shop's server (server/serve.ts).
import { serve } from './serve';

serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
