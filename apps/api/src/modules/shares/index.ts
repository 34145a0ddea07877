// The shares module's public surface: verified, read-only links to one dashboard view.
export { publicShareRoutes } from './public-shares.routes';
export { shareLinkRoutes } from './shares.routes';
export { describeSharePreview } from './shared-view.service';
