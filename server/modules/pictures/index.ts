// The pictures module's face: staff uploads kept in the database (POST /pictures), read back by the picture route
// (server/images/routes.ts) and recognised by the catalogue's staff writes.
export { pictureRoutes } from './routes';
export { sniffFormat } from './encode';
export {
  storePicture,
  storePicturePath,
  uploadedPictureBytes,
  uploadedPictureExists,
  uploadedPictureName,
} from './service';
