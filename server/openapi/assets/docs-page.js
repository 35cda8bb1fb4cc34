// Starts Swagger UI on the server's own OpenAPI document (a file, not an inline script: the
// page's CSP runs only scripts from this origin).
/* global SwaggerUIBundle */
window.addEventListener('DOMContentLoaded', () => {
  SwaggerUIBundle({ url: '/openapi.json', dom_id: '#docs', deepLinking: true, tryItOutEnabled: false });
});
