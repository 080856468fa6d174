"""The translation pipeline: page catalogs, the translated page trees, the terminology, new languages."""
