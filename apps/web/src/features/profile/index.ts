// The profile feature's public surface: other features read the artist profile through this one
// query (one owner for its key and its "no profile yet" rule), never through its files.
export { getProfile, profileQueryOptions, useProfile } from './api/get-profile';
