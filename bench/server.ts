// The server the API benchmark measures: the shop's own start-up (server/serve.ts) plus the baseline
// route (bench/baseline-route.ts), registered here on the app the benchmark builds, so the production
// server never carries it. Compiled like `npm start`'s server (bench/lib.ts).
import { serve } from '../server/serve';
import { baselineRoute } from './baseline-route';

serve({ plugins: [baselineRoute] }).catch((err) => {
  console.error(err);
  process.exit(1);
});
