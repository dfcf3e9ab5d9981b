export { API_TOKEN_SCOPES, type ApiTokenScope } from '@plateia/core/contracts/integrations';
