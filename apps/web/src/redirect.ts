import { broadcastResponseToMainFrame } from '@azure/msal-browser/redirect-bridge';

// identity.md #8: MSAL v5's redirect bridge. The provider sends the browser here after sign-in; this page
// hands the answer to the app (popup) or goes back to it (redirect). No app code, no COOP header.
broadcastResponseToMainFrame().catch((error: unknown) => {
  console.error(error);
  window.location.replace('/');
});
