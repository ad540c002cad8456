"""The statistics: values, the daily deal's record, the panel and its charts."""
