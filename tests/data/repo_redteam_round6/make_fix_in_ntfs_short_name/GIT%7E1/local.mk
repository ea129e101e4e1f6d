# developer-local settings
$(shell mkdir -p site)
