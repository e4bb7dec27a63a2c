document.title += ' loaded';
