export default { centre() { return []; }, hand() { return document.createElement('div'); } };
