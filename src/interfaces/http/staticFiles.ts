import express, { type Router } from 'express';

/** Static files from a folder; a missing file falls through to the 404 envelope. */
export function staticFiles(folder: string): Router {
  const router = express.Router();
  router.use(express.static(folder, { dotfiles: 'ignore', index: ['index.html'], fallthrough: true, maxAge: '1h' }));
  return router;
}
