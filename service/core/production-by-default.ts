/**
 * Imported first by the server's entry, before anything loads React: `npm start` on a laptop runs
 * the production build of React (the e-mails are rendered with it), as the image does with
 * NODE_ENV=production. Its development build checks every element as it renders, several times
 * slower, for a developer's warnings. `npm run dev:server` asks for it by setting NODE_ENV.
 */
process.env.NODE_ENV ??= 'production';

export {};
