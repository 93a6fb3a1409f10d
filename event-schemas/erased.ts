/**
 * What a personal field reads as once its member is erased: in the read models, which blank it on MemberErased, and
 * (with the member's key destroyed) in the log itself. One text, so a rebuild after an erasure ends exactly as live.
 */
export const ERASED_TEXT = '[erased]';
