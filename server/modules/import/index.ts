// The import module's face: the CSV import and export routes, and what app.ts gives them (a picture store, once
// one is wired, and the fetch limits).
export { importRoutes } from './routes';
export type { ImportOptions, StorePicture } from './service';
export type { FetchPictureOptions, PictureType } from './fetch-picture';
